import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Query, RawSql } from "../src/db/connect.ts";
import { type AnswerRow, createAnswerWriter } from "../src/features/answers/answer-writer.ts";
import { createForm, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

// The group commit writes a batch of several accounts' rows as a statement per account. When one
// of those statements fails, none of the batch may stay stored, or the rows tried again alone
// would find themselves already there and be answered "not stored".

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
  capturingConfirmOptions: null,
  behavioralConfirmOptions: null,
  score: null,
  result: null,
  fieldScores: null,
  submissionKey: key,
});

describe("the group commit of several accounts' rows", () => {
  it("stores each row once and answers each caller with it when one account's statement fails", async () => {
    const [a, b] = forms as [(typeof forms)[number], (typeof forms)[number]];
    const raw = server.database.raw;
    // The first statement for account B fails once, as one whose form went away would.
    let failOnce = true;
    const flaky = (query: Query): Query =>
      (async (text: string, params?: unknown[], name?: string) => {
        if (failOnce && params?.[1] === b.accountId) {
          failOnce = false;
          throw new Error("account B's statement failed");
        }
        return query(text, params, name);
      }) as Query;
    const writer = createAnswerWriter(
      {
        ...raw,
        query: flaky(raw.query),
        transaction: (work) => raw.transaction((query) => work(flaky(query))),
      } as RawSql,
      { maxRows: 10, parallelWrites: 1 },
    );
    const stored = await Promise.all([
      writer.add({ row: rowFor(a, "a-1"), dropPartial: false }),
      writer.add({ row: rowFor(b, "b-1"), dropPartial: false }),
    ]);
    expect(failOnce).toBe(false);
    expect(
      stored.every((row) => row !== null),
      JSON.stringify(stored),
    ).toBe(true);
    const kept = await raw.query<{ n: number }>(
      "select count(*)::int as n from form_answers where submission_key in ('a-1', 'b-1')",
    );
    expect(kept[0]!.n).toBe(2);
  });
});
