import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type ApiResponse,
  createForm as createAs,
  sampleForm,
  signUpWithAccount,
  startWithAccount,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let subdomain: string;
beforeAll(async () => {
  ({ server, api, subdomain } = await startWithAccount("bursts"));
});
afterAll(() => server.close());

interface Created {
  id: number;
  alias: string;
}

async function createForm(extra: Record<string, unknown> = {}): Promise<Created> {
  const form = await createAs(api, { ...sampleForm, ...extra });
  return { id: form.id, alias: form.formPathAlias };
}

/** Opens the public form as a new browser would, and returns the cookie the server gave it. */
async function openAsNewBrowser(form: Created): Promise<string> {
  const response = await fetch(`${server.url}/api/forms/path/${form.alias}/${subdomain}`);
  expect(response.status).toBe(200);
  const cookie = response.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^flr_respondent=.+HttpOnly/i);
  return cookie.split(";")[0]!;
}

function submit(
  formId: number,
  name: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Promise<ApiResponse<{ id: number; code?: string }>> {
  return server.api.post<{ id: number; code?: string }>(
    "/api/forms/answer",
    { formId, answers: [{ fieldId: "name", answer: name }], ...extra },
    headers,
  );
}

async function storedNames(formId: number): Promise<string[]> {
  const page = await api.get<{ answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }> }>(
    `/api/forms/${formId}/answer/paginated/1/500`,
  );
  return page.body.answerList.map((row) => String(row.answers.find((a) => a.fieldId === "name")?.answer));
}

const statuses = (responses: Array<ApiResponse<unknown>>) =>
  responses.map((r) => r.status).sort((a, b) => a - b);

describe("a burst of submissions to one form", () => {
  it("stores each of 200 parallel submissions exactly once", async () => {
    const form = await createForm();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => submit(form.id, `r${i}`)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(200);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(200);
    const names = await storedNames(form.id);
    expect(names).toHaveLength(200);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: 200 }, (_, i) => `r${i}`)));
    const summary = await api.get<{ answerCount: number; lastAnsweredDate: string | null }>(
      `/api/forms/${form.id}/summary`,
    );
    expect(summary.body.answerCount).toBe(200);
    expect(Date.now() - Date.parse(summary.body.lastAnsweredDate ?? "")).toBeLessThan(60_000);
  });

  it("stores a submission retried with the same Idempotency-Key once, and answers each retry with it", async () => {
    const form = await createForm();
    const key = { "idempotency-key": "retry-7f3a" };
    const responses = await Promise.all(Array.from({ length: 8 }, () => submit(form.id, "Once", key)));
    expect(responses.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(await storedNames(form.id)).toEqual(["Once"]);
    // The same key names another submission in another form.
    const other = await createForm();
    expect((await submit(other.id, "Elsewhere", key)).status).toBe(201);
    const bad = await submit(form.id, "Bad key", { "idempotency-key": "x".repeat(201) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("submission.key.invalid");
  });

  it("takes the form's id in the address too, and refuses an address naming another form", async () => {
    const form = await createForm();
    const other = await createForm();
    const body = (name: string) => ({ formId: form.id, answers: [{ fieldId: "name", answer: name }] });
    const named = await server.api.post<{ id: number }>(`/api/forms/answer?form=${form.id}`, body("Routed"));
    expect(named.status, named.text).toBe(201);
    const wrong = await server.api.post<{ code: string; validationErrors: Array<{ field: string }> }>(
      `/api/forms/answer?form=${other.id}`,
      body("Misrouted"),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("submission.form_mismatch");
    expect(wrong.body.validationErrors.map((error) => error.field)).toEqual(["form"]);
    const notId = await server.api.post<{ code: string }>("/api/forms/answer?form=first", body("Not an id"));
    expect(notId.status).toBe(400);
    expect(await storedNames(form.id)).toEqual(["Routed"]);
    expect(await storedNames(other.id)).toEqual([]);
  });

  it("checks a submission against the form as it is now, not a copy read before an edit", async () => {
    const form = await createForm();
    expect((await submit(form.id, "Before")).status).toBe(201);
    const required = sampleForm.fields.map((f) => (f.id === "mail" ? { ...f, isRequired: true } : f));
    expect((await api.patch(`/api/forms/${form.id}`, { fields: required })).status).toBe(200);
    const missing = await submit(form.id, "No mail");
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("submission.invalid");
    expect((await api.patch(`/api/forms/${form.id}`, { isPublished: false })).status).toBe(200);
    const closed = await submit(
      form.id,
      "Closed",
      {},
      {
        answers: [
          { fieldId: "name", answer: "Closed" },
          { fieldId: "mail", answer: "a@example.com" },
        ],
      },
    );
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("form.closed");
    expect(await storedNames(form.id)).toEqual(["Before"]);
  });
});

describe("time between submissions under parallel requests", () => {
  it("accepts one of 50 parallel submissions from one browser, whatever fingerprint each sends", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const cookie = await openAsNewBrowser(form);
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(form.id, `try ${i}`, { cookie }, { deviceFingerprint: `fresh-${i}` }),
      ),
    );
    expect(statuses(burst)).toEqual([201, ...Array<number>(49).fill(429)]);
    expect(burst.find((r) => r.status === 429)?.body.code).toBe("submission.too_soon");
    expect(await storedNames(form.id)).toHaveLength(1);
  });

  it("keys a caller without the cookie by its address, so fresh fingerprints do not get round the limit", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => submit(form.id, `bot ${i}`, {}, { deviceFingerprint: `fp-${i}` })),
    );
    expect(statuses(burst)).toEqual([201, ...Array<number>(29).fill(429)]);
  });

  it("knows a browser that has filled the form by its cookie, and a fresh cookie by its address too", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const first = await openAsNewBrowser(form);
    const second = await openAsNewBrowser(form);
    expect(first).not.toBe(second);
    expect((await submit(form.id, "Ann", { cookie: first })).status).toBe(201);
    // A cookie that has filled nothing is had by reopening the page: the address that just
    // submitted counts against it.
    const fresh = await submit(form.id, "Bob", { cookie: second });
    expect(fresh.status).toBe(429);
    expect(fresh.body.code).toBe("submission.too_soon");
    const again = await submit(form.id, "Ann again", { cookie: first }, { deviceFingerprint: "new" });
    expect(again.status).toBe(429);
    // A forged cookie is no cookie: the caller is known by its address, which has submitted.
    const forged = await submit(form.id, "Forger", { cookie: "flr_respondent=abc.def" });
    expect(forged.status).toBe(429);
    expect(await storedNames(form.id)).toEqual(["Ann"]);
  });

  it("refuses a respondent who opens the page afresh before each submission", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cookie = await openAsNewBrowser(form);
      sent.push((await submit(form.id, `reopened ${i}`, { cookie })).status);
    }
    expect(sent).toEqual([201, 429, 429, 429, 429]);
    const told = await fetch(`${server.url}/api/forms/${form.id}/next-submission`, {
      headers: { cookie: await openAsNewBrowser(form) },
    });
    expect(((await told.json()) as { submitAfter: string | null }).submitAfter).not.toBeNull();
  });

  it("accepts one of 200 parallel submissions from one address, each with a fresh cookie", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const cookies = await Promise.all(Array.from({ length: 200 }, () => openAsNewBrowser(form)));
    const burst = await Promise.all(cookies.map((cookie, i) => submit(form.id, `fresh ${i}`, { cookie })));
    expect(statuses(burst)).toEqual([201, ...Array<number>(199).fill(429)]);
    expect(await storedNames(form.id)).toHaveLength(1);
  });

  it("knows a signed-in respondent of another account by their user, whatever cookie they bring", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const visitor = await signUpWithAccount(server.api, "visitor");
    const as = (cookie: string) => ({ cookie, authorization: `Bearer ${visitor.tokens.token}` });
    expect((await submit(form.id, "Visitor", as(await openAsNewBrowser(form)))).status).toBe(201);
    const again = await submit(form.id, "Visitor again", as(await openAsNewBrowser(form)));
    expect(again.status).toBe(429);
  });
});

describe("deleting a form while answers arrive", () => {
  it("answers both the delete and the submission with a meaning, never a server error", async () => {
    for (let trial = 0; trial < 20; trial++) {
      const form = await createForm();
      const [deleted, submitted] = await Promise.all([
        api.delete(`/api/forms/${form.id}`),
        submit(form.id, `race ${trial}`),
      ]);
      expect([204, 409]).toContain(deleted.status);
      expect([201, 404]).toContain(submitted.status);
      // Exactly one of them won: a stored submission keeps its form, a deleted form took none.
      expect(deleted.status === 204).toBe(submitted.status === 404);
      if (deleted.status === 409) expect(deleted.body.code).toBe("form.has_answers");
      if (submitted.status === 404) expect(submitted.body.code).toBe("form.not_found");
    }
  });
});
