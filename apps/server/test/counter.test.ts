import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, startWithAccount, type TestServer } from "./harness.ts";

/**
 * Every submission takes its form's next number. Submissions arriving together are written in
 * one statement per form at a time (answer-writer.ts); whatever the batching, each form's numbers
 * run 1..N with no gap and no repeat, and the form's totals agree.
 */

let server: TestServer;
let api: Awaited<ReturnType<typeof startWithAccount>>["api"];
beforeAll(async () => {
  ({ server, api } = await startWithAccount("counter"));
});
afterAll(() => server.close());

const numbersOf = async (formId: number) =>
  (
    await server.database.raw.query<{ number: number }>(
      "select number from form_answers where form_id = $1::int4 order by number",
      [formId],
    )
  ).map((row) => Number(row.number));

describe("the numbers of a form's submissions", () => {
  it("run 1..N without gaps or repeats under a 200-way burst to two forms at once", async () => {
    const forms = [await createForm(api), await createForm(api)];
    const sent = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        server.api.post("/api/forms/answer", {
          formId: forms[i % 2]!.id,
          answers: [{ fieldId: "name", answer: `R${i}` }],
        }),
      ),
    );
    expect(sent.filter((response) => response.status === 201)).toHaveLength(200);
    for (const form of forms) {
      expect(await numbersOf(form.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      const [counts] = await server.database.raw.query<{ total: number; last_number: number }>(
        "select total, last_number from form_answer_counts where form_id = $1::int4",
        [form.id],
      );
      expect(counts).toEqual({ total: 100, last_number: 100 });
    }
  });

  it("skip no number for retries under one key that arrive together", async () => {
    const form = await createForm(api);
    const send = (key: string) =>
      server.api.post(
        "/api/forms/answer",
        { formId: form.id, answers: [{ fieldId: "name", answer: key }] },
        { "idempotency-key": key },
      );
    const sent = await Promise.all(Array.from({ length: 60 }, (_, i) => send(`key-${i % 6}`)));
    expect(sent.filter((response) => response.status === 201)).toHaveLength(6);
    expect((await send("after")).status).toBe(201);
    expect(await numbersOf(form.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("go on from the last number after submissions were deleted, never reusing one", async () => {
    const form = await createForm(api);
    const send = () =>
      server.api.post("/api/forms/answer", { formId: form.id, answers: [{ fieldId: "name", answer: "A" }] });
    const first = await Promise.all(Array.from({ length: 20 }, send));
    expect(first.every((response) => response.status === 201)).toBe(true);
    await server.database.raw.query("delete from form_answers where form_id = $1::int4 and number > 15", [
      form.id,
    ]);
    await Promise.all(Array.from({ length: 10 }, send));
    const numbers = await numbersOf(form.id);
    expect(numbers).toHaveLength(25);
    expect(new Set(numbers).size).toBe(25);
    expect(numbers.slice(15)).toEqual(Array.from({ length: 10 }, (_, i) => i + 21));
  });

  it("stay 1..N when another transaction stores a row, numbered by the row trigger, while a burst waits", async () => {
    const form = await createForm(api);
    const { accountId } = await formRow(form.id);
    let burst: Promise<Array<{ status: number }>> | undefined;
    // An insert that takes its number in the row trigger locks the counter to its commit; the
    // burst's batches lock it too before they number their rows, so they wait, then go on after it.
    await server.database.raw.transaction(async (query) => {
      await query(
        "insert into form_answers (account_id, form_id, answers, device, submission_key) values ($1, $2, '[]', '{}', 'by-hand')",
        [accountId, form.id],
      );
      burst = Promise.all(Array.from({ length: 30 }, () => sendTo(form.id)));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const sent = await burst!;
    expect(sent.map((response) => response.status)).toEqual(Array(30).fill(201));
    expect(await numbersOf(form.id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  // A form that limits how often one respondent submits stores each submission in a transaction of
  // its own (submit.ts, storeExclusively), not in a batch; the race ends the same way.
  for (const [kind, settings, burst] of [
    ["in a batch", undefined, 10],
    ["alone, its form limiting how often one respondent sends it", { nextSubmissionTime: "1h" }, 0],
  ] as const)
    it(`take no number for a key another transaction stored while the submission waited for the counter: ${kind}`, async () => {
      const form = await createForm(api);
      if (settings) expect((await api.patch(`/api/forms/${form.id}`, settings)).status).toBe(200);
      const { accountId } = await formRow(form.id);
      let retried: Promise<{ status: number; body: { id?: number } }> | undefined;
      let others: Promise<Array<{ status: number }>> | undefined;
      const [{ id: storedId }] = (await server.database.raw.transaction(async (query) => {
        const rows = await query<{ id: number }>(
          "insert into form_answers (account_id, form_id, answers, device, submission_key) values ($1, $2, '[]', '{}', 'same-key') returning id",
          [accountId, form.id],
        );
        // Sent while the key's row is not committed, alone in its statement, and a burst behind it:
        // the submission must see the row once it has the counter, not store it again under a new
        // number nor skip that number, nor fail.
        retried = sendTo(form.id, "same-key");
        await new Promise((resolve) => setTimeout(resolve, 150));
        others = Promise.all(Array.from({ length: burst }, () => sendTo(form.id)));
        await new Promise((resolve) => setTimeout(resolve, 200));
        return rows;
      })) as [{ id: number }];
      const answer = await retried!;
      expect(answer.status).toBe(200);
      expect(Number(answer.body.id)).toBe(Number(storedId));
      expect((await others!).map((response) => response.status)).toEqual(Array(burst).fill(201));
      expect(await numbersOf(form.id)).toEqual(Array.from({ length: burst + 1 }, (_, i) => i + 1));
    });
});

const formRow = async (formId: number) => {
  const [row] = await server.database.raw.query<{ accountId: number }>(
    'select account_id as "accountId" from forms where id = $1::int4',
    [formId],
  );
  return row!;
};

const sendTo = (formId: number, key?: string) =>
  server.api.post<{ id?: number }>(
    "/api/forms/answer",
    { formId, answers: [{ fieldId: "name", answer: key ?? "burst" }] },
    key ? { "idempotency-key": key } : {},
  );
