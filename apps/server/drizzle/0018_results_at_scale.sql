CREATE TABLE "form_answer_counts" (
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_answer_counts_account_id_form_id_pk" PRIMARY KEY("account_id","form_id")
);
--> statement-breakpoint
DROP INDEX "form_answers_form_submit_idx";--> statement-breakpoint
DROP INDEX "form_answers_unread_idx";--> statement-breakpoint
ALTER TABLE "form_answer_counts" ADD CONSTRAINT "form_answer_counts_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_answers_form_id_idx" ON "form_answers" USING btree ("account_id","form_id","id");--> statement-breakpoint
CREATE INDEX "form_answers_form_passing_idx" ON "form_answers" USING btree ("account_id","form_id","form_passing_time","id");--> statement-breakpoint
CREATE INDEX "form_answers_form_score_idx" ON "form_answers" USING btree ("account_id","form_id","score","id");--> statement-breakpoint
CREATE INDEX "form_answers_form_viewed_idx" ON "form_answers" USING btree ("account_id","form_id","is_viewed","id");--> statement-breakpoint
CREATE INDEX "form_answers_form_submit_idx" ON "form_answers" USING btree ("account_id","form_id","submit_time","id");--> statement-breakpoint
CREATE INDEX "form_answers_unread_idx" ON "form_answers" USING btree ("account_id","form_id","submit_time","id") WHERE not "form_answers"."is_viewed";--> statement-breakpoint
CREATE FUNCTION "form_answer_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO form_answer_counts AS c (account_id, form_id, total, unread)
      SELECT account_id, form_id, count(*), count(*) FILTER (WHERE NOT is_viewed) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (account_id, form_id)
      DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
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
END $$;--> statement-breakpoint
CREATE TRIGGER "form_answers_count_insert" AFTER INSERT ON "form_answers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "form_answer_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "form_answers_count_delete" AFTER DELETE ON "form_answers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "form_answer_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "form_answers_count_update" AFTER UPDATE ON "form_answers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "form_answer_counts_apply"();--> statement-breakpoint
INSERT INTO "form_answer_counts" (account_id, form_id, total, unread)
  SELECT account_id, form_id, count(*), count(*) FILTER (WHERE NOT is_viewed) FROM form_answers GROUP BY 1, 2;
