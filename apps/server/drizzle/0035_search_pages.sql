CREATE TABLE "answer_search" (
	"account_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"submit_time" timestamp with time zone NOT NULL,
	"texts" jsonb NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "answer_search_account_id_answer_id_pk" PRIMARY KEY("account_id","answer_id")
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "custom_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creator_id" integer,
	"title" text NOT NULL,
	"alias" text NOT NULL,
	"body" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_pages_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "help_menu_links" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "help_menu_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"text" text NOT NULL,
	"href" text NOT NULL,
	"type_machine_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "help_menu_links_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "tours_seen" (
	"user_id" integer NOT NULL,
	"tour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_seen_user_id_tour_pk" PRIMARY KEY("user_id","tour")
);
--> statement-breakpoint
ALTER TABLE "answer_search" ADD CONSTRAINT "answer_search_account_id_answer_id_form_answers_account_id_id_fk" FOREIGN KEY ("account_id","answer_id") REFERENCES "public"."form_answers"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_pages" ADD CONSTRAINT "custom_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_pages" ADD CONSTRAINT "custom_pages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_menu_links" ADD CONSTRAINT "help_menu_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours_seen" ADD CONSTRAINT "tours_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_search_form_idx" ON "answer_search" USING btree ("account_id","form_id","submit_time");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_pages_alias_key" ON "custom_pages" USING btree ("alias");--> statement-breakpoint
-- The text-search configuration of a form's language (forms.md §3 language, EN by default):
-- stemming for the languages PostgreSQL ships, `simple` for Ukrainian and anything unknown.
CREATE FUNCTION search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lower(coalesce(language, ''))
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig
    WHEN 'it' THEN 'italian'::regconfig
    ELSE 'simple'::regconfig END
$$;--> statement-breakpoint
-- Words inside HTML (a description, a page's body) without the markup.
CREATE FUNCTION search_plain(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g')
$$;--> statement-breakpoint
ALTER TABLE "answer_search" ADD COLUMN "language" regconfig NOT NULL DEFAULT 'simple';--> statement-breakpoint
ALTER TABLE "answer_search" ADD COLUMN "document" tsvector GENERATED ALWAYS AS (to_tsvector("language", "body")) STORED;--> statement-breakpoint
CREATE INDEX "answer_search_document_gin" ON "answer_search" USING gin ("document");--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(search_config("settings"->>'language'), "title"), 'A') ||
  setweight(to_tsvector('simple', "title"), 'A') ||
  setweight(to_tsvector(search_config("settings"->>'language'), search_plain("settings"->>'description')), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "forms_search_document_gin" ON "forms" USING gin ("search_document");--> statement-breakpoint
-- Names and e-mails are matched by their beginnings, word by word: the address whole and split at its punctuation.
ALTER TABLE "users" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', "username" || ' ' || "first_name" || ' ' || "middle_name" || ' ' || "last_name" || ' ' ||
    "email" || ' ' || translate("email", '@.-_+', '     '))
) STORED;--> statement-breakpoint
CREATE INDEX "users_search_document_gin" ON "users" USING gin ("search_document");--> statement-breakpoint
ALTER TABLE "custom_pages" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', search_plain("body")), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "custom_pages_search_document_gin" ON "custom_pages" USING gin ("search_document");
