-- A stored submission queues its webhook deliveries and its automation job in the statement that
-- stores it. Row by row, each of a batch's rows ran both functions again, and the automation check
-- read the form's rules with a JSON path each time: at 200 rows a batch, the two took more than a
-- quarter of the statement's time. Run once per statement over the rows it stored, they read each
-- form once.
-- The rows queued are the same, in the order of the submissions.
CREATE FUNCTION "queue_webhook_deliveries_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("account_id", "webhook_id", "form_id", "answer_id", "event_id")
  SELECT w."account_id", w."id", n."form_id", n."id", 'msg_' || replace(gen_random_uuid()::text, '-', '')
  FROM new_rows n
  JOIN "webhooks" w ON w."account_id" = n."account_id" AND w."form_id" = n."form_id"
  WHERE w."enabled" AND w."condition" = 'each_submission'
  ORDER BY n."id", w."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "queue_automation_jobs_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only forms that have something to run: an enabled notification sent on every submission, the
  -- author's own notice, or an enabled rule with a side effect on the server (the worker decides
  -- whether it holds).
  INSERT INTO "automation_jobs" ("account_id", "form_id", "answer_id")
  SELECT n."account_id", n."form_id", n."id"
  FROM new_rows n
  JOIN (
    SELECT g."account_id", g."form_id"
    FROM (SELECT DISTINCT "account_id", "form_id" FROM new_rows) g
    WHERE EXISTS (
        SELECT 1 FROM "email_notifications" e
        WHERE e."account_id" = g."account_id" AND e."form_id" = g."form_id"
          AND e."enabled" AND e."event" = 'form_submitted')
      OR EXISTS (
        SELECT 1 FROM "forms" f
        WHERE f."account_id" = g."account_id" AND f."id" = g."form_id"
          AND (f."settings" @> '{"hasAnswerNotifications": true}'
            OR jsonb_path_exists(f."settings",
            '$.conditionalRules[*] ? (!(@.enabled == false)) ? (exists(@."then"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")) || exists(@."else"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")))')))
  ) due ON due."account_id" = n."account_id" AND due."form_id" = n."form_id"
  ORDER BY n."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "form_answers_queue_webhooks" ON "form_answers";--> statement-breakpoint
DROP TRIGGER "form_answers_queue_automation" ON "form_answers";--> statement-breakpoint
DROP FUNCTION "queue_webhook_deliveries"();--> statement-breakpoint
DROP FUNCTION "queue_automation_job"();--> statement-breakpoint
CREATE TRIGGER "form_answers_queue_webhooks" AFTER INSERT ON "form_answers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "queue_webhook_deliveries_of_rows"();--> statement-breakpoint
CREATE TRIGGER "form_answers_queue_automation" AFTER INSERT ON "form_answers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "queue_automation_jobs_of_rows"();
