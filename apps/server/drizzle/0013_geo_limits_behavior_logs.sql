CREATE TABLE "behavior_logs" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "behavior_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"submission_key" text NOT NULL,
	"seq" integer NOT NULL,
	"respondent" text,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "behavior_logs_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "geo" jsonb;--> statement-breakpoint
ALTER TABLE "behavior_logs" ADD CONSTRAINT "behavior_logs_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "behavior_logs_batch_key" ON "behavior_logs" USING btree ("account_id","form_id","submission_key","seq");--> statement-breakpoint
CREATE INDEX "behavior_logs_created_idx" ON "behavior_logs" USING btree ("created_at");