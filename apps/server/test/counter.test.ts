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
});
