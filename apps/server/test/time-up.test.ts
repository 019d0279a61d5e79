import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "timed"));
});
afterAll(() => server.close());

const question = (id: string, fieldOrder: number) => ({
  id,
  fieldType: "text",
  question: `Question ${id}`,
  isRequired: true,
  fieldOrder,
});

async function createForm(settings: Record<string, unknown>, fields: unknown[]): Promise<number> {
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    title: "Timed",
    ...settings,
    fields,
  });
  expect(created.status).toBe(201);
  return created.body.form.id;
}

async function storedFieldIds(formId: number, id: number): Promise<string[]> {
  const stored = await api.get<{ answers: Array<{ fieldId: string }> }>(`/api/forms/${formId}/answer/${id}`);
  return stored.body.answers.map((answer) => answer.fieldId);
}

describe("a submission whose time ran out", () => {
  it("stores a form sent at its time's end with required questions empty", async () => {
    const formId = await createForm(
      { hasTimer: true, formTimer: { showTimer: "show", formTimer: 60, stepTimer: 0 } },
      [question("a", 0), question("b", 1)],
    );
    const answers = [{ fieldId: "a", answer: "given" }];
    // Without timeUp, or with it, the required check and the reported time decide.
    const plain = await server.api.post("/api/forms/answer", { formId, answers, formPassingTime: 60 });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe("submission.invalid");

    const early = await server.api.post("/api/forms/answer", {
      formId,
      answers,
      formPassingTime: 20,
      timeUp: { form: true },
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe("submission.time_up_invalid");

    // The time reckoned from startTime when the browser sent no passing time.
    const startTime = new Date(Date.now() - 61_000).toISOString();
    const late = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers,
      startTime,
      timeUp: { form: true },
    });
    expect(late.status).toBe(201);
    expect(await storedFieldIds(formId, late.body.id)).toEqual(["a"]);

    // Answers given are still checked.
    const bad = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "a", answer: 42 }],
      formPassingTime: 59,
      timeUp: { form: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toEqual([
      expect.objectContaining({ field: "a", code: "answer.invalid" }),
    ]);
  });

  it("refuses a form's time up on a form without one", async () => {
    const formId = await createForm({}, [question("a", 0)]);
    const refused = await server.api.post("/api/forms/answer", {
      formId,
      answers: [],
      formPassingTime: 3600,
      timeUp: { form: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("submission.time_up_invalid");
  });

  it("lets only the questions of timed steps go in empty", async () => {
    const formId = await createForm(
      {
        display: "stepByStep",
        hasTimer: true,
        formTimer: { showTimer: "notShow", formTimer: 0, stepTimer: 15 },
      },
      [question("a", 0), question("b", 1)],
    );
    const accepted = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "b", answer: "second" }],
      formPassingTime: 20,
      timeUp: { fields: ["a"] },
    });
    expect(accepted.status).toBe(201);
    expect(await storedFieldIds(formId, accepted.body.id)).toEqual(["b"]);

    // The other required question is still required.
    const missing = await server.api.post("/api/forms/answer", {
      formId,
      answers: [],
      formPassingTime: 20,
      timeUp: { fields: ["a"] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toEqual([
      expect.objectContaining({ field: "b", code: "answer.required" }),
    ]);

    const tooSoon = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "b", answer: "second" }],
      formPassingTime: 5,
      timeUp: { fields: ["a"] },
    });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.code).toBe("submission.time_up_invalid");
  });

  it("takes a timer element's step, and nothing else, as timed", async () => {
    const formId = await createForm({ display: "severalPages" }, [
      question("a", 0),
      { id: "break", fieldType: "pageBreak", fieldOrder: 1 },
      { id: "clock", fieldType: "timer", fieldOrder: 2, fieldSettings: { seconds: 10 } },
      question("b", 3),
    ]);
    const accepted = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "a", answer: "first" }],
      formPassingTime: 12,
      timeUp: { fields: ["b"] },
    });
    expect(accepted.status).toBe(201);
    const untimed = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "b", answer: "second" }],
      formPassingTime: 12,
      timeUp: { fields: ["a"] },
    });
    expect(untimed.status).toBe(400);
    expect(untimed.body.code).toBe("submission.time_up_invalid");
  });

  it("refuses an oversized timeUp as a bad request", async () => {
    const formId = await createForm({}, [question("a", 0)]);
    const refused = await server.api.post("/api/forms/answer", {
      formId,
      answers: [],
      timeUp: { fields: Array.from({ length: 1001 }, (_, i) => `f${i}`) },
    });
    expect(refused.status).toBe(400);
  });
});

describe("a timed filling the server saw begin", () => {
  const words = [
    { fieldId: "a", answer: "given" },
    { fieldId: "b", answer: "too" },
  ];
  /** Begins a filling under `key` as the respondent's page does, `secondsAgo` before now. */
  async function began(formId: number, key: string, secondsAgo: number): Promise<void> {
    expect((await server.api.post("/api/forms/start", { formId, key })).status).toBe(204);
    await server.database.raw.query(
      `update form_starts set created_at = now() - make_interval(secs => $2) where form_id = $1 and visit_key = $3`,
      [formId, secondsAgo, key],
    );
  }
  const send = (formId: number, key: string, body: Record<string, unknown>) =>
    server.api.post<{ id: number; code?: string }>(
      "/api/forms/answer",
      { formId, answers: words, ...body },
      { "idempotency-key": key },
    );
  const timedForm = () =>
    createForm({ hasTimer: true, formTimer: { showTimer: "show", formTimer: 12, stepTimer: 0 } }, [
      question("a", 0),
      question("b", 1),
    ]);

  it("refuses answers sent long after the form's time ran out, whatever time the page reports", async () => {
    const formId = await timedForm();
    await began(formId, "late-filling", 60);
    const late = await send(formId, "late-filling", {
      startTime: new Date(Date.now() - 5_000).toISOString(),
      formPassingTime: 5,
    });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("submission.time_over");
    const list = await api.get<{ answerList: unknown[] }>(`/api/forms/${formId}/answer/paginated/1/10`);
    expect(list.body.answerList).toEqual([]);
  });

  it("keeps the time the server measured when the page reports less", async () => {
    const formId = await timedForm();
    await began(formId, "quick-filling", 9);
    const sent = await send(formId, "quick-filling", { formPassingTime: 1 });
    expect(sent.status).toBe(201);
    const stored = await api.get<{ formPassingTime: number }>(`/api/forms/${formId}/answer/${sent.body.id}`);
    expect(stored.body.formPassingTime).toBeGreaterThanOrEqual(9);
  });

  it("takes answers sent as the time runs out, and answers their resend after it with the first acknowledgement", async () => {
    const formId = await timedForm();
    await began(formId, "on-time", 13);
    const first = await send(formId, "on-time", { formPassingTime: 12, timeUp: { form: true } });
    expect(first.status).toBe(201);
    await began(formId, "on-time", 600);
    const again = await send(formId, "on-time", { formPassingTime: 12, timeUp: { form: true } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it("holds no time on a form without a limit", async () => {
    const formId = await createForm({}, [question("a", 0), question("b", 1)]);
    await began(formId, "slow-filling", 3600);
    expect((await send(formId, "slow-filling", {})).status).toBe(201);
  });
});
