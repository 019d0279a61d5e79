-- A filling's session recording (rrweb events), stored in gzipped batches under the filling's key,
-- as its behaviour batches are; only after the respondent agreed to capturing (forms.md §9).
CREATE TABLE "session_recordings" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "session_recordings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"submission_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_recordings_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_recordings_batch_key" ON "session_recordings" USING btree ("account_id","form_id","submission_key","seq");--> statement-breakpoint
CREATE INDEX "session_recordings_created_idx" ON "session_recordings" USING btree ("created_at");
