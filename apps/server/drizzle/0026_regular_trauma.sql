CREATE TABLE "form_chain_answers" (
	"account_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"run" text NOT NULL,
	"position" integer NOT NULL,
	"form_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_chain_answers_account_id_answer_id_pk" PRIMARY KEY("account_id","answer_id")
);
--> statement-breakpoint
CREATE TABLE "form_chain_items" (
	"account_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"position" integer NOT NULL,
	"form_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "form_chain_items_account_id_chain_id_position_pk" PRIMARY KEY("account_id","chain_id","position")
);
--> statement-breakpoint
CREATE TABLE "form_chains" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "form_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_chains_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_chain_answers" ADD CONSTRAINT "form_chain_answers_account_id_chain_id_form_chains_account_id_id_fk" FOREIGN KEY ("account_id","chain_id") REFERENCES "public"."form_chains"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_chain_answers" ADD CONSTRAINT "form_chain_answers_account_id_answer_id_form_answers_account_id_id_fk" FOREIGN KEY ("account_id","answer_id") REFERENCES "public"."form_answers"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_chain_items" ADD CONSTRAINT "form_chain_items_account_id_chain_id_form_chains_account_id_id_fk" FOREIGN KEY ("account_id","chain_id") REFERENCES "public"."form_chains"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_chain_items" ADD CONSTRAINT "form_chain_items_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_chains" ADD CONSTRAINT "form_chains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_chain_answers_run_idx" ON "form_chain_answers" USING btree ("account_id","chain_id","run");--> statement-breakpoint
CREATE INDEX "form_chain_answers_chain_idx" ON "form_chain_answers" USING btree ("account_id","chain_id","created_at");--> statement-breakpoint
CREATE INDEX "form_chain_items_form_idx" ON "form_chain_items" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_chains_name_key" ON "form_chains" USING btree ("account_id",lower("name"));