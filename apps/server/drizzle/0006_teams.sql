CREATE TABLE "external_apps" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "external_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"allowed_ips" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"token_hash" text NOT NULL,
	"token_start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "external_apps_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "external_apps_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "form_group_access" (
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"level" text NOT NULL,
	"field_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "form_group_access_account_id_form_id_group_id_pk" PRIMARY KEY("account_id","form_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "group_permissions_account_id_group_id_permission_pk" PRIMARY KEY("account_id","group_id","permission")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	CONSTRAINT "invitations_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "invitations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar" text;--> statement-breakpoint
ALTER TABLE "external_apps" ADD CONSTRAINT "external_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_apps" ADD CONSTRAINT "external_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_group_access" ADD CONSTRAINT "form_group_access_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_group_access" ADD CONSTRAINT "form_group_access_account_id_group_id_groups_account_id_id_fk" FOREIGN KEY ("account_id","group_id") REFERENCES "public"."groups"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_account_id_group_id_groups_account_id_id_fk" FOREIGN KEY ("account_id","group_id") REFERENCES "public"."groups"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_account_email_idx" ON "invitations" USING btree ("account_id",lower("email"));