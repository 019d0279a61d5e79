import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Query, RawSql } from "../src/db/connect.ts";
import { type AnswerRow, createAnswerWriter } from "../src/features/answers/answer-writer.ts";
import { createForm, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

// The group commit gathers submissions that arrive together, and writes each account's rows as a
// statement of their own: one account's statement, slow or failing, neither holds back nor fails
// another account's rows.

let server: TestServer;
const forms: Array<{ accountId: number; formId: number; version: string }> = [];

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ["writer-a", "writer-b"]) {
    const { api, accountId } = await signUpWithAccount(server.api, name);
    const form = await createForm(api);
    const [row] = await server.database.raw.query<{ updated_at: string }>(
      "select updated_at::text from forms where account_id = $1 and id = $2",
      [accountId, form.id],
    );
    forms.push({ accountId, formId: form.id, version: row!.updated_at });
  }
}, 60_000);
afterAll(() => server?.close());

const rowFor = (form: (typeof forms)[number], key: string): AnswerRow => ({
  accountId: form.accountId,
  formId: form.formId,
  formVersion: form.version,
  userId: null,
  startTime: null,
  submitTime: new Date().toISOString(),
  formPassingTime: 5,
  answers: [{ fieldId: "name", answer: key }],
  device: { type: "desktop" },
  deviceFingerprint: null,
  respondent: null,
  ip: "198.51.100.7",
  geo: null,
  miscData: null,
  shown: ["name"],
  capturingConfirmOptions: null,
  behavioralConfirmOptions: null,
  score: null,
  result: null,
  fieldScores: null,
  submissionKey: key,
});

/** The database's own query, with one account's statements made to wait or to fail. */
function writerWith(interfere: (accountId: unknown) => Promise<void>, parallelWrites: number) {
  const raw = server.database.raw;
  const wrapped = (query: Query): Query =>
    (async (text: string, params?: unknown[], name?: string) => {
      await interfere(params?.[1]);
      return query(text, params, name);
    }) as Query;
  return createAnswerWriter(
    {
      ...raw,
      query: wrapped(raw.query),
      transaction: (work) => raw.transaction((query) => work(wrapped(query))),
    } as RawSql,
    { maxRows: 10, parallelWrites },
  );
}

const storedKeys = async (keys: string[]) =>
  (
    await server.database.raw.query<{ submission_key: string }>(
      "select submission_key from form_answers where submission_key = any($1) order by 1",
      [keys],
    )
  ).map((row) => row.submission_key);

describe("the group commit of several accounts' rows", () => {
  it("stores and acknowledges one account's rows when another account's statement fails", async () => {
    const [a, b] = forms as [(typeof forms)[number], (typeof forms)[number]];
    const writer = writerWith(async (account) => {
      if (account === b.accountId) throw new Error("account B's statement failed");
    }, 1);
    const [first, second] = await Promise.allSettled([
      writer.add({ row: rowFor(a, "a-1"), dropPartial: false }),
      writer.add({ row: rowFor(b, "b-1"), dropPartial: false }),
    ]);
    expect(first.status === "fulfilled" && first.value !== null, JSON.stringify(first)).toBe(true);
    expect(second.status).toBe("rejected");
    expect(await storedKeys(["a-1", "b-1"])).toEqual(["a-1"]);
  });

  it("writes another account's rows beside a slow statement, not after it", async () => {
    const [a, b] = forms as [(typeof forms)[number], (typeof forms)[number]];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writer = writerWith((account) => (account === a.accountId ? held : Promise.resolve()), 2);
    const slow = writer.add({ row: rowFor(a, "a-2"), dropPartial: false });
    const quick = writer.add({ row: rowFor(b, "b-2"), dropPartial: false });
    const waited = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000));
    try {
      const answer = await Promise.race([quick, waited]);
      expect(answer, "account B's row waited for account A's statement").not.toBe("still waiting");
      expect(await storedKeys(["a-2", "b-2"])).toEqual(["b-2"]);
    } finally {
      release();
    }
    expect(await slow).not.toBeNull();
    expect(await storedKeys(["a-2", "b-2"])).toEqual(["a-2", "b-2"]);
  });
});
