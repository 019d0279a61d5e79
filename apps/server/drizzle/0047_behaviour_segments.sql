-- Behavioural segments (platform.md §3): an account's named ranges of the six behavioural
-- attributes (docs/behaviour.md), the submissions found in each, and the jobs that find them.
CREATE TABLE "segments" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
-- A submission in a segment, as its last recalculation found it; gone with the submission or the segment.
CREATE TABLE "segment_members" (
	"account_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	CONSTRAINT "segment_members_pk" PRIMARY KEY("account_id","segment_id","answer_id"),
	CONSTRAINT "segment_members_segment_fk" FOREIGN KEY ("account_id","segment_id") REFERENCES "segments"("account_id","id") ON DELETE cascade,
	CONSTRAINT "segment_members_answer_fk" FOREIGN KEY ("account_id","answer_id") REFERENCES "form_answers"("account_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "segment_members_form_idx" ON "segment_members" USING btree ("account_id","segment_id","form_id");--> statement-breakpoint
-- One recalculation of a segment over some forms; progress is counted in submissions.
CREATE TABLE "segment_jobs" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "segment_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"segment_id" integer NOT NULL,
	"form_ids" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "segment_jobs_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "segment_jobs_segment_fk" FOREIGN KEY ("account_id","segment_id") REFERENCES "segments"("account_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "segment_jobs_due_idx" ON "segment_jobs" USING btree ("next_attempt_at") WHERE "state" = 'queued';
