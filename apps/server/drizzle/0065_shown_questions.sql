-- Which questions each submission's respondent was shown, so a question counts as skipped only by
-- those it was shown to. Submissions stored before keep null: every question counts as shown.
ALTER TABLE "form_answers" ADD COLUMN "shown" jsonb;
