import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshPlannerStatistics } from "../src/jobs/planner-statistics.ts";
import {
  type ApiClient,
  rowsOf,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;

async function submit(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await server.api.post<{ id: number }>("/api/forms/answer", {
        formId,
        answers: [{ fieldId: "name", answer: `row ${i}` }],
      });
      expect(response.status, response.text).toBe(201);
      return response.body.id;
    }),
  );
}

/** What the database holds, counted the plain way. */
async function counted() {
  const [row] = rowsOf<{ total: number; unread: number }>(
    await server.database.db.execute(sql`
      select count(*)::int as total, (count(*) filter (where not is_viewed))::int as unread
        from form_answers where account_id = ${accountId} and form_id = ${formId}`),
  );
  return row!;
}

interface Page {
  answerList: Array<{ id: number }>;
  total: number;
  nextCursor: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "scale"));
  formId = (await api.post<{ form: { id: number } }>("/api/forms", sampleForm)).body.form.id;
});
afterAll(() => server.close());

describe("the kept counts", () => {
  it("stay exact through parallel submissions, marking read and unread, and deleting", async () => {
    const ids = await submit(40);
    await api.request("PATCH", `/api/forms/${formId}/answer/status/read`, { answerIds: ids.slice(0, 15) });
    await Promise.all([
      api.request("PATCH", `/api/forms/${formId}/answer/status/unread`, { answerIds: ids.slice(0, 3) }),
      api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: ids.slice(10, 20) }),
      submit(7),
    ]);
    const truth = await counted();
    expect(truth.total).toBe(37);
    // The page reads the counts the triggers keep, which match the rows themselves.
    const [kept] = rowsOf<{ total: number; unread: number }>(
      await server.database.db.execute(sql`
        select total, unread from form_answer_counts where account_id = ${accountId} and form_id = ${formId}`),
    );
    expect(kept).toEqual(truth);
    const all = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5`);
    expect(all.body.total).toBe(truth.total);
    const unread = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5?isViewed=false`);
    expect(unread.body.total).toBe(truth.unread);
    const read = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5?isViewed=true`);
    expect(read.body.total).toBe(truth.total - truth.unread);
    const badge = await api.get<{ count: number }>("/api/forms/account/answer/count-new");
    expect(badge.body.count).toBe(truth.unread);
    const list = await api.get<{ forms: Array<{ id: number; answerCount: number }> }>("/api/forms/account");
    expect(list.body.forms.find((f) => f.id === formId)?.answerCount).toBe(truth.total);
  });
});

describe("pages after a cursor", () => {
  beforeAll(async () => {
    await submit(23);
    // Ties and empty values in the keys, as real results have them.
    await server.database.db.execute(sql`
      update form_answers set form_passing_time = case when id % 4 = 0 then null else id % 5 end,
                              score = case when id % 3 = 0 then null else (id % 7) / 2.0 end,
                              answers = case when id % 6 = 0 then '[]'::jsonb
                                when id % 5 = 0 then jsonb_set(answers, '{0,answer}', '"same"')
                                else answers end
       where account_id = ${accountId} and form_id = ${formId}`);
  });

  async function walk(query: string, size: number) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const after: string = cursor ? `&after=${cursor}` : "";
      const page = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/${size}?${query}${after}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.answerList.map((a) => a.id));
      cursor = page.body.nextCursor;
      if (!cursor) break;
    }
    return seen;
  }

  async function offsetPages(query: string, size: number) {
    const seen: number[] = [];
    for (let page = 1; page < 100; page++) {
      const response = await api.get<Page>(`/api/forms/${formId}/answer/paginated/${page}/${size}?${query}`);
      if (response.body.answerList.length === 0) break;
      seen.push(...response.body.answerList.map((a) => a.id));
    }
    return seen;
  }

  for (const query of [
    "sortBy=submitTime&order=desc",
    "sortBy=formPassingTime&order=asc",
    "sortBy=formPassingTime&order=desc",
    "sortBy=score&order=asc",
    "sortBy=score&order=desc",
    "sortBy=isViewed&order=asc&isViewed=false",
    "sortBy=id&order=asc",
    "sortBy=answer:name&order=asc",
    "sortBy=answer:name&order=desc",
  ]) {
    it(`reads every row once, in the order of numbered pages (${query})`, async () => {
      const { total } = await counted();
      const keyset = await walk(query, 4);
      expect(new Set(keyset).size).toBe(keyset.length);
      expect(keyset).toEqual(await offsetPages(query, 4));
      if (!query.includes("isViewed=false")) expect(keyset).toHaveLength(total);
    });
  }

  it("goes on after the last row read, sorted by an answer, whatever arrived or went meanwhile", async () => {
    for (const [order, change] of [
      ["asc", "arrived"],
      ["desc", "arrived"],
      ["asc", "went"],
      ["desc", "went"],
    ]) {
      const query = `sortBy=answer:name&order=${order}`;
      const before = await offsetPages(query, 100);
      const first = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5?${query}`);
      const read = first.body.answerList.map((a) => a.id);
      expect(read).toEqual(before.slice(0, 5));
      // Before the next page: a submission that sorts first, or the page's last row deleted.
      const early =
        change === "arrived"
          ? await server.api.post<{ id: number }>("/api/forms/answer", {
              formId,
              answers: [{ fieldId: "name", answer: order === "asc" ? "aaa first" : "zzz first" }],
            })
          : await api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: [read[4]] });
      const next = await api.get<Page>(
        `/api/forms/${formId}/answer/paginated/1/5?${query}&after=${first.body.nextCursor}`,
      );
      expect(
        next.body.answerList.map((a) => a.id),
        `${order}, ${change}`,
      ).toEqual(before.slice(5, 10));
      if (change === "arrived")
        await api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: [early.body.id] });
    }
  });

  it("keeps in each answer-sorted cursor the next row's position, for when that row is gone", async () => {
    const positions: number[] = [];
    let after = "";
    for (let page = 0; page < 3; page++) {
      const read = await api.get<Page>(
        `/api/forms/${formId}/answer/paginated/1/5?sortBy=answer:name&order=asc${after}`,
      );
      const cursor = read.body.nextCursor!;
      positions.push((JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { n: number }).n);
      after = `&after=${cursor}`;
    }
    expect(positions).toEqual([5, 10, 15]);
  });

  it("refuses a cursor it did not make, or one made for another order", async () => {
    const bad = await api.get(`/api/forms/${formId}/answer/paginated/1/5?after=bm90LWEtY3Vyc29y`);
    expect(bad.status).toBe(400);
    const first = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5?sortBy=score&order=asc`);
    const other = await api.get(
      `/api/forms/${formId}/answer/paginated/1/5?sortBy=submitTime&order=asc&after=${first.body.nextCursor}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("request.invalid");
    // Made by hand for this very order, with a value no row could hold, or for an answer's sort.
    const forged = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
    for (const [query, cursor] of [
      ["sortBy=isViewed&order=desc", { s: "isViewed", o: "desc", v: "maybe", id: 1 }],
      ["sortBy=number&order=asc", { s: "number", o: "asc", v: "1.5", id: 1 }],
      ["sortBy=answer:name&order=asc", { s: "answer:name", o: "asc", n: -5 }],
      ["sortBy=answer:name&order=asc", { s: "answer:name", o: "desc", n: 5 }],
      ["sortBy=answer:name&order=asc", { s: "answer:name", o: "asc", id: 1, v: '"a\\u0000b"', n: 5 }],
    ] as const) {
      const response = await api.get(
        `/api/forms/${formId}/answer/paginated/1/5?${query}&after=${forged(cursor)}`,
      );
      expect(response.status, `${query} ${JSON.stringify(cursor)}`).toBe(400);
      expect(response.body.code).toBe("request.invalid");
    }
  });
});

describe("the planner's statistics", () => {
  it("are refreshed by housekeeping after a bulk change, and left alone otherwise", async () => {
    const db = server.database.db;
    // PostgreSQL's autovacuum could analyze the table between the insert and the check below.
    if (process.env.TEST_DATABASE_URL)
      await db.execute(sql`alter table form_answers set (autovacuum_enabled = false)`);
    await db.execute(sql`
      insert into form_answers (account_id, form_id, answers, device)
      select ${accountId}, ${formId}, '[]'::jsonb,
             '{"type":"desktop","os":"Linux","browser":"Firefox","language":"en","platform":"x"}'::jsonb
        from generate_series(1, 3000)`);
    expect(await refreshPlannerStatistics(db)).toBe(true);
    const [row] = rowsOf<{ seen: number }>(
      await db.execute(
        sql`select reltuples::float8 as seen from pg_class where oid = 'form_answers'::regclass`,
      ),
    );
    const { total } = await counted();
    expect(Math.abs(row!.seen - total)).toBeLessThan(50);
    expect(await refreshPlannerStatistics(db)).toBe(false);
    // The bulk insert is counted too.
    expect((await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/5`)).body.total).toBe(total);
  });
});
