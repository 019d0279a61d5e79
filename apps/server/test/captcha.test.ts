import { solveChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let formId: number;
let plainFormId: number;

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** What the browser does: fetch a challenge, find the number, send it back encoded. */
async function solved(): Promise<string> {
  const response = await server.api.get<Challenge>("/api/forms/captcha/challenge");
  expect(response.status).toBe(200);
  const { algorithm, challenge, maxnumber, salt, signature } = response.body;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  return Buffer.from(
    JSON.stringify({ algorithm, challenge, number: solution!.number, salt, signature }),
  ).toString("base64");
}

const send = (captcha: string | undefined, headers?: Record<string, string>, form = formId) =>
  server.api.post(
    "/api/forms/answer",
    {
      formId: form,
      ...(captcha === undefined ? {} : { captcha }),
      answers: [{ fieldId: "name", answer: "Ann" }],
    },
    headers,
  );

const stored = async (form = formId) =>
  (await api.get<{ total: number }>(`/api/forms/${form}/answer/paginated/1/10`)).body.total;

beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "captcha"));
  const fields = [{ id: "name", fieldType: "text", question: "Your name" }];
  formId = (
    await api.post<{ form: { id: number } }>("/api/forms", { title: "Guarded", hasCaptcha: true, fields })
  ).body.form.id;
  plainFormId = (await api.post<{ form: { id: number } }>("/api/forms", { title: "Open", fields })).body.form
    .id;
});
afterAll(() => server.close());

describe("the captcha of a form", () => {
  it("asks for a solution, and refuses forged and tampered ones", async () => {
    const missing = await send(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toEqual([
      expect.objectContaining({ field: "captcha", code: "answer.captcha_required" }),
    ]);
    const good = JSON.parse(Buffer.from(await solved(), "base64").toString()) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    for (const forged of [
      "anything",
      encode({ ...good, number: (good.number as number) + 1 }),
      encode({ ...good, signature: "0".repeat(64) }),
      encode({ ...good, salt: `${good.salt}&expires=9999999999` }),
    ]) {
      const refused = await send(forged);
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([
        expect.objectContaining({ field: "captcha", code: "answer.captcha_invalid" }),
      ]);
    }
    expect(await stored()).toBe(0);
  });

  it("accepts a solution once, also when the same one arrives many times at once", async () => {
    const solution = await solved();
    const burst = await Promise.all(Array.from({ length: 8 }, () => send(solution)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    expect(await stored()).toBe(1);
    const replay = await send(solution);
    expect(replay.status).toBe(400);
    expect(replay.body.validationErrors).toEqual([
      expect.objectContaining({ code: "answer.captcha_invalid" }),
    ]);
    expect(await stored()).toBe(1);
  });

  it("answers resends under the same key sent while the first is in flight with its acknowledgement", async () => {
    const before = await stored();
    const solution = await solved();
    const headers = { "idempotency-key": "captcha-in-flight" };
    const burst = await Promise.all(Array.from({ length: 20 }, () => send(solution, headers)));
    expect(burst.map((r) => r.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(burst.map((r) => r.body.id)).size).toBe(1);
    expect(await stored()).toBe(before + 1);
  });

  it("answers a resend under the same key with the first acknowledgement", async () => {
    const before = await stored();
    const solution = await solved();
    const first = await send(solution, { "idempotency-key": "captcha-resend-1" });
    expect(first.status).toBe(201);
    const again = await send(solution, { "idempotency-key": "captcha-resend-1" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Another filling may not reuse it.
    expect((await send(solution, { "idempotency-key": "captcha-resend-2" })).status).toBe(400);
    expect(await stored()).toBe(before + 1);
  });

  it("is still asked of a timed form whose time ran out: the page solves one, a script must too", async () => {
    const timed = (
      await api.post<{ form: { id: number } }>("/api/forms", {
        title: "Timed and guarded",
        hasCaptcha: true,
        hasTimer: true,
        formTimer: { showTimer: "show", formTimer: 5, stepTimer: 0 },
        fields: [{ id: "name", fieldType: "text", question: "Your name", isRequired: true }],
      })
    ).body.form.id;
    const late = (captcha?: string) =>
      server.api.post("/api/forms/answer", {
        formId: timed,
        answers: [],
        formPassingTime: 6,
        timeUp: { form: true },
        ...(captcha === undefined ? {} : { captcha }),
      });
    for (const [captcha, code] of [
      [undefined, "answer.captcha_required"],
      ["anything", "answer.captcha_invalid"],
    ] as const) {
      const refused = await late(captcha);
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([expect.objectContaining({ field: "captcha", code })]);
    }
    expect(await stored(timed)).toBe(0);
    expect((await late(await solved())).status).toBe(201);
    expect(await stored(timed)).toBe(1);
  });

  it("is not asked of a form without one", async () => {
    expect((await send(undefined, undefined, plainFormId)).status).toBe(201);
  });
});
