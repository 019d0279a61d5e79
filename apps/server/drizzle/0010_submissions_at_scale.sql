ALTER TABLE "form_answers" ADD COLUMN "respondent" text;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "submission_key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "form_answers_submission_key" ON "form_answers" USING btree ("account_id","form_id","submission_key");--> statement-breakpoint
ALTER TABLE "forms" DROP COLUMN "last_answered_at";