-- The retention sweep looks for an account's recordings older than its setting, oldest first, in
-- each kind: by account and date, so it reads only that account's old rows.
CREATE INDEX "session_recordings_account_created_idx" ON "session_recordings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "answer_captures_account_created_idx" ON "answer_captures" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "behavior_logs_account_created_idx" ON "behavior_logs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "answer_recognitions_account_created_idx" ON "answer_recognitions" USING btree ("account_id","created_at");
