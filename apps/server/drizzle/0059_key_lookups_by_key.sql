-- A submission's key is looked up when it is stored (has this key been stored already? which kept
-- filling does it end?). Every other index of both tables starts with (account_id, form_id), as the
-- key's did, so a planner that counted few rows for a form (a new database, or a generic plan among
-- many small forms) could scan one of them and read every answer of the form, under the form's
-- counter lock, for each submission. Led by the key, the key's index is the one such a lookup
-- narrows at once; it still holds the account, for a database distributed by account.
DROP INDEX "form_answers_submission_key";--> statement-breakpoint
CREATE UNIQUE INDEX "form_answers_submission_key" ON "form_answers" USING btree ("submission_key","account_id","form_id");--> statement-breakpoint
DROP INDEX "form_partials_key";--> statement-breakpoint
CREATE UNIQUE INDEX "form_partials_key" ON "form_partials" USING btree ("submission_key","account_id","form_id");--> statement-breakpoint
-- As in 0040, and the key alone is what an index may match: with the account and form compared
-- as values, no index led by them is a choice, whatever the planner counted.
CREATE OR REPLACE FUNCTION "form_answers_take_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows loaded with their own numbers (bulk loads) keep them.
  IF NEW.number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO form_answer_counts AS c (account_id, form_id, last_number) VALUES (NEW.account_id, NEW.form_id, 1)
  ON CONFLICT (account_id, form_id) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO NEW.number;
  IF EXISTS (SELECT 1 FROM form_answers a WHERE a.submission_key = NEW.submission_key
             AND a.account_id + 0 = NEW.account_id AND a.form_id + 0 = NEW.form_id) THEN
    UPDATE form_answer_counts c SET last_number = c.last_number - 1
     WHERE c.account_id = NEW.account_id AND c.form_id = NEW.form_id;
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
