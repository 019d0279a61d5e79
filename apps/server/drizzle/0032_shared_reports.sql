CREATE TABLE "shared_reports" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "shared_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "shared_reports_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "shared_reports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_reports_form_idx" ON "shared_reports" USING btree ("account_id","form_id");