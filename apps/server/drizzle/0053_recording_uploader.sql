-- The address a session recording batch or a capture chunk came from (an IPv6 network counts as
-- one): its share of the form's recordings no submission took yet, as uploads keep theirs.
ALTER TABLE "session_recordings" ADD COLUMN "uploader" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_captures" ADD COLUMN "uploader" text DEFAULT '' NOT NULL;
