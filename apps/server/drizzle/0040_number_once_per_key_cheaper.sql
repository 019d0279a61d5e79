-- The same guarantee as 0039 (a row whose key is stored takes no number) at the cost the trigger had
-- before it: take the number with the one upsert that also locks the form's counter row, then, under
-- that lock, look the key up (rows committed while this one waited for the lock, or stored earlier in
-- the same statement) and give the number back for a row that is skipped. No other transaction can
-- take a number in between: the lock is held to the end of this one.
CREATE OR REPLACE FUNCTION "form_answers_take_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows loaded with their own numbers (bulk loads) keep them.
  IF NEW.number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO form_answer_counts AS c (account_id, form_id, last_number) VALUES (NEW.account_id, NEW.form_id, 1)
  ON CONFLICT (account_id, form_id) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO NEW.number;
  IF EXISTS (SELECT 1 FROM form_answers a WHERE a.account_id = NEW.account_id AND a.form_id = NEW.form_id
             AND a.submission_key = NEW.submission_key) THEN
    UPDATE form_answer_counts c SET last_number = c.last_number - 1
     WHERE c.account_id = NEW.account_id AND c.form_id = NEW.form_id;
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
