CREATE TABLE "webhook_attempts" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	CONSTRAINT "webhook_attempts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"webhook_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"title" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_type" text DEFAULT 'POST' NOT NULL,
	"authorization" text NOT NULL,
	"condition" text DEFAULT 'each_submission' NOT NULL,
	"data_options" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_account_id_delivery_id_webhook_deliveries_account_id_id_fk" FOREIGN KEY ("account_id","delivery_id") REFERENCES "public"."webhook_deliveries"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_webhook_id_webhooks_account_id_id_fk" FOREIGN KEY ("account_id","webhook_id") REFERENCES "public"."webhooks"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("account_id","delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("account_id","webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_form_idx" ON "webhooks" USING btree ("account_id","form_id");--> statement-breakpoint
CREATE FUNCTION "queue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("account_id", "webhook_id", "form_id", "answer_id", "event_id")
  SELECT w."account_id", w."id", NEW."form_id", NEW."id", 'msg_' || replace(gen_random_uuid()::text, '-', '')
  FROM "webhooks" w
  WHERE w."account_id" = NEW."account_id" AND w."form_id" = NEW."form_id"
    AND w."enabled" AND w."condition" = 'each_submission';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "form_answers_queue_webhooks" AFTER INSERT ON "form_answers"
  FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"();
