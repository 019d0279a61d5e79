CREATE TABLE "results_table_layouts" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_table_layouts_account_id_user_id_form_id_pk" PRIMARY KEY("account_id","user_id","form_id")
);
--> statement-breakpoint
ALTER TABLE "form_answer_counts" ADD COLUMN "last_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "form_answers" ADD COLUMN "field_comments" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "results_table_layouts" ADD CONSTRAINT "results_table_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_table_layouts" ADD CONSTRAINT "results_table_layouts_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "form_answers" f SET "number" = n.rn
  FROM (SELECT account_id, id, row_number() OVER (PARTITION BY account_id, form_id ORDER BY id) AS rn FROM form_answers) n
 WHERE f.account_id = n.account_id AND f.id = n.id;--> statement-breakpoint
UPDATE "form_answer_counts" c SET "last_number" = coalesce(
  (SELECT max(f.number) FROM form_answers f WHERE f.account_id = c.account_id AND f.form_id = c.form_id), 0);--> statement-breakpoint
CREATE INDEX "form_answers_form_number_idx" ON "form_answers" USING btree ("account_id","form_id","number","id");--> statement-breakpoint
CREATE INDEX "form_answers_answers_gin" ON "form_answers" USING gin ("answers" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "form_answers_tags_gin" ON "form_answers" USING gin ("tags");--> statement-breakpoint
CREATE FUNCTION "form_answers_take_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The form's counter row is locked from here to the end of the inserting transaction, as the
  -- statement trigger below locked it already; a failed insert gives its number back.
  IF NEW.number IS NULL THEN
    INSERT INTO form_answer_counts AS c (account_id, form_id, last_number) VALUES (NEW.account_id, NEW.form_id, 1)
    ON CONFLICT (account_id, form_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO NEW.number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "form_answers_number" BEFORE INSERT ON "form_answers"
  FOR EACH ROW EXECUTE FUNCTION "form_answers_take_number"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "form_answer_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Rows inserted with their own numbers (bulk loads) move the counter past them.
    INSERT INTO form_answer_counts AS c (account_id, form_id, total, unread, last_number)
      SELECT account_id, form_id, count(*), count(*) FILTER (WHERE NOT is_viewed), coalesce(max(number), 0)
        FROM new_rows GROUP BY 1, 2
    ON CONFLICT (account_id, form_id)
      DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread,
                    last_number = greatest(c.last_number, excluded.last_number);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE form_answer_counts c SET total = c.total - d.n, unread = c.unread - d.u
      FROM (SELECT account_id, form_id, count(*) AS n, count(*) FILTER (WHERE NOT is_viewed) AS u
              FROM old_rows GROUP BY 1, 2) d
     WHERE c.account_id = d.account_id AND c.form_id = d.form_id;
  ELSE
    UPDATE form_answer_counts c SET unread = c.unread + d.u
      FROM (SELECT account_id, form_id, sum(u)::int AS u FROM (
              SELECT account_id, form_id, (NOT is_viewed)::int AS u FROM new_rows
              UNION ALL SELECT account_id, form_id, -(NOT is_viewed)::int FROM old_rows) x
             GROUP BY 1, 2) d
     WHERE c.account_id = d.account_id AND c.form_id = d.form_id AND d.u <> 0;
  END IF;
  RETURN NULL;
END $$;
