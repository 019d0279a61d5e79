-- A question's on-device recognition (faces, the seven emotions, age and gender) of a filling, sent
-- by the respondent's page under the filling's key after they agreed to capturing (forms.md §9):
-- one row per filling and question, its samples (the timeline) as the page saw them.
CREATE TABLE "answer_recognitions" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "answer_recognitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"submission_key" text NOT NULL,
	"field_id" text NOT NULL,
	"samples" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_recognitions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "answer_recognitions" ADD CONSTRAINT "answer_recognitions_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_recognitions_field_key" ON "answer_recognitions" USING btree ("account_id","form_id","submission_key","field_id");--> statement-breakpoint
CREATE INDEX "answer_recognitions_created_idx" ON "answer_recognitions" USING btree ("created_at");
