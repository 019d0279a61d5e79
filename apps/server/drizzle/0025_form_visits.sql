CREATE TABLE "form_starts" (
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"visit_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_starts_account_id_form_id_visit_key_pk" PRIMARY KEY("account_id","form_id","visit_key")
);
--> statement-breakpoint
CREATE TABLE "form_view_days" (
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_view_days_account_id_form_id_day_pk" PRIMARY KEY("account_id","form_id","day")
);
--> statement-breakpoint
ALTER TABLE "form_starts" ADD CONSTRAINT "form_starts_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_view_days" ADD CONSTRAINT "form_view_days_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_starts_form_created_idx" ON "form_starts" USING btree ("account_id","form_id","created_at");