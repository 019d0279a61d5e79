-- How long an account keeps what was recorded of its respondents (session recordings, video and
-- audio captures, behaviour events, on-device recognition): null keeps it as long as the
-- submission, a number of days removes it once that old. recordings_swept_at is when the
-- retention job last swept the account, so several processes sweep each account once an hour.
ALTER TABLE "accounts" ADD COLUMN "recordings_retention_days" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "recordings_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_recordings_retention_days_check" CHECK ("recordings_retention_days" between 1 and 3650);--> statement-breakpoint
-- Bytes written to the file storage before the row that names them: the row's insert removes the
-- mark; a mark left behind (the process stopped between the two) lets the clean-up remove the bytes.
CREATE TABLE "storage_writes" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "storage_writes_created_idx" ON "storage_writes" USING btree ("created_at");
