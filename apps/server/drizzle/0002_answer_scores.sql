ALTER TABLE "form_answers" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "field_scores" jsonb;