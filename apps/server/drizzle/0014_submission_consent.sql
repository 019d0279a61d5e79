ALTER TABLE "form_answers" ADD COLUMN "capturing_confirm_options" jsonb;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "behavioral_confirm_options" jsonb;