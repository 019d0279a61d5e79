CREATE TABLE "results_seen" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_seen_account_id_user_id_form_id_pk" PRIMARY KEY("account_id","user_id","form_id")
);
--> statement-breakpoint
ALTER TABLE "results_seen" ADD CONSTRAINT "results_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_seen" ADD CONSTRAINT "results_seen_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;