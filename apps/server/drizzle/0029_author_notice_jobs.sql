-- "Notify me of new submissions" (the form's hasAnswerNotifications) sends its letter from the
-- submission's automation job too, so such a form has a job queued for each submission as well.
CREATE OR REPLACE FUNCTION "queue_automation_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only forms that have something to run: an enabled notification sent on every submission, the
  -- author's own notice, or an enabled rule with a side effect on the server (the worker decides
  -- whether it holds).
  IF EXISTS (
       SELECT 1 FROM "email_notifications" n
       WHERE n."account_id" = NEW."account_id" AND n."form_id" = NEW."form_id"
         AND n."enabled" AND n."event" = 'form_submitted')
     OR EXISTS (
       SELECT 1 FROM "forms" f
       WHERE f."account_id" = NEW."account_id" AND f."id" = NEW."form_id"
         AND (f."settings" @> '{"hasAnswerNotifications": true}'
           OR jsonb_path_exists(f."settings",
           '$.conditionalRules[*] ? (!(@.enabled == false)) ? (exists(@."then"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")) || exists(@."else"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")))')))
  THEN
    INSERT INTO "automation_jobs" ("account_id", "form_id", "answer_id")
    VALUES (NEW."account_id", NEW."form_id", NEW."id");
  END IF;
  RETURN NULL;
END $$;
