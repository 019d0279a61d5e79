CREATE TABLE "automation_jobs" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "automation_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "automation_jobs_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "email_notifications" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "email_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"admin_name" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"recipients" jsonb NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"event" text DEFAULT 'form_submitted' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_notifications_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "automation_jobs" ADD CONSTRAINT "automation_jobs_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD CONSTRAINT "email_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD CONSTRAINT "email_notifications_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_jobs_due_idx" ON "automation_jobs" USING btree ("next_attempt_at") WHERE "automation_jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "email_notifications_form_idx" ON "email_notifications" USING btree ("account_id","form_id");--> statement-breakpoint
CREATE FUNCTION "queue_automation_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only forms that have something to run: an enabled notification sent on every submission, or
  -- an enabled rule with a webhook or send-e-mail action (the worker decides whether it holds).
  IF EXISTS (
       SELECT 1 FROM "email_notifications" n
       WHERE n."account_id" = NEW."account_id" AND n."form_id" = NEW."form_id"
         AND n."enabled" AND n."event" = 'form_submitted')
     OR EXISTS (
       SELECT 1 FROM "forms" f
       WHERE f."account_id" = NEW."account_id" AND f."id" = NEW."form_id"
         AND jsonb_path_exists(f."settings",
           '$.conditionalRules[*] ? (!(@.enabled == false)) ? (exists(@."then"[*] ? (@.type == "webhook" || @.type == "sendEmail")) || exists(@."else"[*] ? (@.type == "webhook" || @.type == "sendEmail")))'))
  THEN
    INSERT INTO "automation_jobs" ("account_id", "form_id", "answer_id")
    VALUES (NEW."account_id", NEW."form_id", NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "form_answers_queue_automation" AFTER INSERT ON "form_answers"
  FOR EACH ROW EXECUTE FUNCTION "queue_automation_job"();
