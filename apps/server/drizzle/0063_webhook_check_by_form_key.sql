-- As 0062 did for automation: a statement's stored submissions found their webhooks with a join
-- the planner may run as one hashed pass over every webhook of the database (1,000 webhooks read
-- per submission in apps/server/test/submission-reads.test.ts). Each form of the statement now
-- looks its webhooks up through their (account_id, form_id) index, once.
-- The deliveries queued are the same, in the order of the submissions and the webhooks.
CREATE OR REPLACE FUNCTION "queue_webhook_deliveries_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH hooks AS MATERIALIZED (
    SELECT w."account_id", w."form_id", w."id"
    FROM (SELECT DISTINCT "account_id", "form_id" FROM new_rows) g
    JOIN LATERAL (
      SELECT h."account_id", h."form_id", h."id" FROM "webhooks" h
      WHERE h."account_id" = g."account_id" AND h."form_id" = g."form_id"
        AND h."enabled" AND h."condition" = 'each_submission' OFFSET 0) w ON true)
  INSERT INTO "webhook_deliveries" ("account_id", "webhook_id", "form_id", "answer_id", "event_id")
  SELECT w."account_id", w."id", n."form_id", n."id", 'msg_' || replace(gen_random_uuid()::text, '-', '')
  FROM new_rows n
  JOIN hooks w ON w."account_id" = n."account_id" AND w."form_id" = n."form_id"
  ORDER BY n."id", w."id";
  RETURN NULL;
END $$;
