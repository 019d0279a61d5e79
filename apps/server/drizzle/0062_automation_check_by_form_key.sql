-- Whether a statement's stored submissions queue automation was decided with OR'ed EXISTS checks,
-- which the planner may run as one hashed pass over the whole table: every form's settings read
-- and their rules searched with a JSON path, and every notification, for each statement, in a
-- database of a few hundred to a few thousand forms (1,004 forms read per submission in
-- apps/server/test/submission-reads.test.ts). Each form of the statement is now looked up by its
-- key, once, and its notifications through their (account_id, form_id) index.
-- The jobs queued are the same, in the order of the submissions.
CREATE OR REPLACE FUNCTION "queue_automation_jobs_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "groups" AS (SELECT DISTINCT "account_id", "form_id" FROM new_rows),
  due AS MATERIALIZED (
    -- Only forms that have something to run: the author's own notice or an enabled rule with a
    -- side effect on the server (the worker decides whether it holds)...
    SELECT g."account_id", g."form_id"
    FROM "groups" g
    JOIN LATERAL (
      SELECT f."settings" FROM "forms" f
      WHERE f."account_id" = g."account_id" AND f."id" = g."form_id" LIMIT 1) f ON true
    WHERE f."settings" @> '{"hasAnswerNotifications": true}'
      OR jsonb_path_exists(f."settings",
        '$.conditionalRules[*] ? (!(@.enabled == false)) ? (exists(@."then"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")) || exists(@."else"[*] ? (@.type == "webhook" || @.type == "sendEmail" || @.type == "publish" || @.type == "unpublish")))')
    UNION
    -- ...or an enabled notification sent on every submission.
    SELECT g."account_id", g."form_id"
    FROM "groups" g
    JOIN LATERAL (
      SELECT 1 FROM "email_notifications" e
      WHERE e."account_id" = g."account_id" AND e."form_id" = g."form_id"
        AND e."enabled" AND e."event" = 'form_submitted' LIMIT 1) e ON true)
  INSERT INTO "automation_jobs" ("account_id", "form_id", "answer_id")
  SELECT n."account_id", n."form_id", n."id"
  FROM new_rows n
  JOIN due ON due."account_id" = n."account_id" AND due."form_id" = n."form_id"
  ORDER BY n."id";
  RETURN NULL;
END $$;
