CREATE TABLE "form_partials" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "form_partials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"submission_key" text NOT NULL,
	"respondent" text,
	"user_id" integer,
	"answers" jsonb NOT NULL,
	"stopped_at" text,
	"page" integer DEFAULT 0 NOT NULL,
	"listed" boolean NOT NULL,
	"start_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_partials_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_partials" ADD CONSTRAINT "form_partials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_partials" ADD CONSTRAINT "form_partials_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_partials_key" ON "form_partials" USING btree ("account_id","form_id","submission_key");--> statement-breakpoint
CREATE INDEX "form_partials_form_updated_idx" ON "form_partials" USING btree ("account_id","form_id","updated_at","id");