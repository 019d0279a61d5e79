CREATE TABLE "account_services" (
	"account_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_services_account_id_service_id_pk" PRIMARY KEY("account_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "billing_balances" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_balances_floor" CHECK ("billing_balances"."balance_cents" >= -"billing_balances"."credit_limit_cents")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"movement_id" integer NOT NULL,
	"book" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "ledger_entries_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_movements" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "ledger_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"comment" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_movements_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ledger_movements_positive" CHECK ("ledger_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pricing" text NOT NULL,
	"price_cents" integer NOT NULL,
	"unlocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_services" ADD CONSTRAINT "account_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_services" ADD CONSTRAINT "account_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_balances" ADD CONSTRAINT "billing_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_movement_id_ledger_movements_account_id_id_fk" FOREIGN KEY ("account_id","movement_id") REFERENCES "public"."ledger_movements"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_book_idx" ON "ledger_entries" USING btree ("account_id","movement_id","book");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_movements_key_idx" ON "ledger_movements" USING btree ("account_id","key");--> statement-breakpoint
CREATE INDEX "ledger_movements_time_idx" ON "ledger_movements" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id","created_at");--> statement-breakpoint
INSERT INTO "services" ("id", "title", "description", "pricing", "price_cents", "unlocks", "position") VALUES
	('forms', 'Forms and results', 'Build forms, publish them and read their results.', 'free', 0, '["Unlimited forms", "Results and statistics"]', 0),
	('responses-plus', 'More responses', 'Collect any number of responses a month on every form.', 'period', 900, '["Unlimited responses a month", "Exports of any size"]', 1),
	('white-label', 'Your own brand', 'Publish forms without the Formloom name, with your logo and domain.', 'period', 700, '["No Formloom branding", "Custom domain"]', 2),
	('field-teams', 'Field teams', 'Maps of interviewers, their areas and where each answer was collected.', 'period', 1500, '["Interviewer maps", "Workplace polygons"]', 3),
	('sms', 'SMS notifications', 'Text messages to respondents and authors, paid per message sent.', 'use', 5, '["SMS notifications"]', 4);
