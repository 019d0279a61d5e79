-- A submission retried under a key already stored took the form's next number in this BEFORE trigger
-- and was then skipped by ON CONFLICT DO NOTHING, leaving a gap in the form's numbers. The trigger
-- now locks the form's counter row first, then skips a row whose key is stored (committed before
-- the lock was had, or earlier in the same statement), and only then takes the next number.
CREATE OR REPLACE FUNCTION "form_answers_take_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows loaded with their own numbers (bulk loads) keep them.
  IF NEW.number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- Locked to the end of the inserting transaction: writers of one form take numbers in turn.
  PERFORM 1 FROM form_answer_counts WHERE account_id = NEW.account_id AND form_id = NEW.form_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO form_answer_counts (account_id, form_id) VALUES (NEW.account_id, NEW.form_id) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM form_answer_counts WHERE account_id = NEW.account_id AND form_id = NEW.form_id FOR UPDATE;
  END IF;
  IF EXISTS (SELECT 1 FROM form_answers a WHERE a.account_id = NEW.account_id AND a.form_id = NEW.form_id
             AND a.submission_key = NEW.submission_key) THEN
    RETURN NULL;
  END IF;
  UPDATE form_answer_counts c SET last_number = c.last_number + 1
   WHERE c.account_id = NEW.account_id AND c.form_id = NEW.form_id
  RETURNING c.last_number INTO NEW.number;
  RETURN NEW;
END $$;
