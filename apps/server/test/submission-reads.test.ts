import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  rowsOf,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * What storing a submission reads: the rows under its own key, whatever the size of its form.
 * Every other index of the submissions and of the kept fillings starts with the form, as the
 * key's index did, so a planner that counted few rows (a new database; a generic plan among many
 * small forms) could read all of a form's answers for each submission, under the form's counter
 * lock, making every submission to a big form slower than the one before.
 */
const ANSWERS = 20_000;
const PARTIALS = 5_000;
const SUBMISSIONS = 10;
const OTHER_FORMS = 1_000;

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;

/** Rows the database has read from a table (sequential scans and all its indexes), inserted and updated. */
async function readsOf(table: string) {
  const [row] = rowsOf<{ read: number; inserted: number; updated: number }>(
    await server.database.db.execute(sql`
      select (t.seq_tup_read + coalesce((select sum(i.idx_tup_read) from pg_stat_user_indexes i
                                          where i.relid = t.relid), 0))::float8 as read,
             t.n_tup_ins::float8 as inserted, t.n_tup_upd::float8 as updated
        from pg_stat_user_tables t where t.relname = ${table}`),
  );
  return row!;
}

/**
 * Statistics reach the views once each session reports them: wait until the table's inserted (or
 * updated) rows reach `count`; answers the rows read by then.
 */
async function settledReads(table: string, count: number, counted: "inserted" | "updated" = "inserted") {
  for (let tries = 0; tries < 100; tries++) {
    const now = await readsOf(table);
    if (now[counted] >= count) return now.read;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the statistics of ${table} never showed ${count} ${counted} rows`);
}

beforeAll(async () => {
  // No background jobs: what is read is read by the submissions alone.
  server = await startTestServer({ RUN_WORKERS: "false" });
  ({ api, accountId } = await signUpWithAccount(server.api, "reads"));
  formId = (await api.post<{ form: { id: number } }>("/api/forms", sampleForm)).body.form.id;
  const db = server.database.db;
  // Left as a new database is: no analysis of the rows below until the submissions are stored.
  if (process.env.TEST_DATABASE_URL) {
    for (const table of ["form_answers", "form_partials", "forms", "email_notifications", "webhooks"])
      await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
  }
  await db.execute(sql`
    insert into form_answers (account_id, form_id, number, submission_key, answers, device)
    select ${accountId}, ${formId}, n, 'seeded-' || n, '[]'::jsonb,
           '{"type":"desktop","os":"Linux","browser":"Firefox","language":"en","platform":"x"}'::jsonb
      from generate_series(1, ${ANSWERS}::int) n`);
  await db.execute(sql`
    insert into form_partials (account_id, form_id, submission_key, answers, listed)
    select ${accountId}, ${formId}, 'left-' || n, '[]'::jsonb, true from generate_series(1, ${PARTIALS}::int) n`);
});
afterAll(() => server.close());

describe("storing a submission to a form of many answers", () => {
  it("reads the rows of its key, not the form's answers or kept fillings", async () => {
    const answersBefore = await settledReads("form_answers", ANSWERS);
    const partialsBefore = await settledReads("form_partials", PARTIALS);
    for (let i = 0; i < SUBMISSIONS; i++) {
      const response = await server.api.post("/api/forms/answer", {
        formId,
        answers: [{ fieldId: "name", answer: `late ${i}` }],
      });
      expect(response.status, response.text).toBe(201);
    }
    const answersRead = (await settledReads("form_answers", ANSWERS + SUBMISSIONS)) - answersBefore;
    const partialsRead = (await readsOf("form_partials")).read - partialsBefore;
    // A few rows per submission at most; reading the form would be 20,000 and 5,000 each.
    expect(answersRead).toBeLessThan(SUBMISSIONS * 20);
    expect(partialsRead).toBeLessThan(SUBMISSIONS * 20);
    // Numbered on after the seeded ones, without a gap.
    const [numbers] = rowsOf<{ low: number; high: number }>(
      await server.database.db.execute(sql`
        select min(number)::int as low, max(number)::int as high from form_answers
         where account_id = ${accountId} and form_id = ${formId} and submission_key not like 'seeded-%'`),
    );
    expect(numbers).toEqual({ low: ANSWERS + 1, high: ANSWERS + SUBMISSIONS });
  });
});

describe("storing a submission in a database of many forms", () => {
  it("reads its own form, notifications and webhooks to decide what it queues, not every form's", async () => {
    const db = server.database.db;
    // Other forms of the database: copies of this one, each with a rule that sends a webhook, a
    // notification sent on every submission and a webhook of its own.
    await db.execute(sql`
      insert into forms (account_id, title, alias, is_published, settings, fields)
      select account_id, title, alias || '-copy-' || n, is_published,
             settings || '{"conditionalRules":[{"id":"r","if":[],"then":[{"type":"webhook","url":"https://example.com/hook"}]}]}'::jsonb,
             fields
        from forms, generate_series(1, ${OTHER_FORMS}::int) n
       where account_id = ${accountId} and id = ${formId}`);
    await db.execute(sql`
      insert into email_notifications (account_id, form_id, recipients, message, admin_name, subject)
      select account_id, id, '["owner@example.com"]'::jsonb, 'New answer', 'Owner', 'New answer'
        from forms where account_id = ${accountId} and id <> ${formId}`);
    await db.execute(sql`
      insert into webhooks (account_id, form_id, title, endpoint, "authorization", data_options, secret)
      select account_id, id, 'Hook', 'https://example.com/hook', '', '{}'::jsonb, 'whsec_seeded'
        from forms where account_id = ${accountId} and id <> ${formId}`);
    // The seeding's own reads are reported with its last insert (a session sends its counts all
    // at once): counted from there.
    const webhooksBefore = await settledReads("webhooks", OTHER_FORMS);
    const notificationsBefore = await settledReads("email_notifications", OTHER_FORMS);
    const before = await settledReads("forms", OTHER_FORMS + 1);
    for (let i = 0; i < SUBMISSIONS; i++) {
      const response = await server.api.post("/api/forms/answer", {
        formId,
        answers: [{ fieldId: "name", answer: `among many ${i}` }],
      });
      expect(response.status, response.text).toBe(201);
    }
    await settledReads("form_answers", ANSWERS + 2 * SUBMISSIONS);
    // A few rows per submission (its form's, by their keys); every form's would be 1,000 each.
    expect((await readsOf("forms")).read - before).toBeLessThan(SUBMISSIONS * 20);
    expect((await readsOf("email_notifications")).read - notificationsBefore).toBeLessThan(SUBMISSIONS * 20);
    expect((await readsOf("webhooks")).read - webhooksBefore).toBeLessThan(SUBMISSIONS * 20);

    // Read and unread again: each change moves its own form's unread count, not every form's.
    await db.execute(sql`
      insert into form_answer_counts (account_id, form_id)
      select account_id, id from forms where account_id = ${accountId} and id <> ${formId}`);
    const countsBefore = await settledReads("form_answer_counts", OTHER_FORMS);
    const updatedBefore = (await readsOf("form_answers")).updated;
    const [latest] = rowsOf<{ id: number }>(
      await db.execute(sql`select max(id)::int as id from form_answers where form_id = ${formId}`),
    );
    for (const state of ["read", "unread", "read", "unread"]) {
      const marked = await api.patch(`/api/forms/${formId}/answer/status/${state}`, {
        answerIds: [latest!.id],
      });
      expect(marked.status, marked.text).toBe(200);
    }
    // Reported together with the four changes of the answer.
    await settledReads("form_answers", updatedBefore + 4, "updated");
    expect((await readsOf("form_answer_counts")).read - countsBefore).toBeLessThan(4 * 20);
  });
});
