-- The search indexed an account's submissions above its highest indexed id less 2,000. Ids come from
-- one sequence for every account, and a submission can commit after others with higher ids: past that
-- window it was never indexed. Each submission now says whether the index holds it.
ALTER TABLE "form_answers" ADD COLUMN "search_indexed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "form_answers" fa SET "search_indexed" = true
  FROM "answer_search" s WHERE s."account_id" = fa."account_id" AND s."answer_id" = fa."id";--> statement-breakpoint
CREATE INDEX "form_answers_search_pending_idx" ON "form_answers" USING btree ("account_id","id") WHERE NOT "form_answers"."search_indexed";
