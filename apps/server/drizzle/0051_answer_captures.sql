-- A filling's video or audio capture (MediaRecorder chunks), kept in the file storage under the
-- filling's key, only after the respondent agreed to capturing (forms.md §9). No foreign key to the
-- form: the bytes live outside the database, so the rows stay until the clean-up removes both.
CREATE TABLE "answer_captures" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "answer_captures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"submission_key" text NOT NULL,
	"seq" integer NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_captures_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "answer_captures_chunk_key" ON "answer_captures" USING btree ("account_id","form_id","submission_key","seq");--> statement-breakpoint
CREATE INDEX "answer_captures_created_idx" ON "answer_captures" USING btree ("created_at");
