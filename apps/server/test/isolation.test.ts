import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  registerUser,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let owner: ApiClient;
let intruder: ApiClient;
let formId: number;
let answerId: number;
let alias: string;
const SECRET = "owner-only-secret-answer";

beforeAll(async () => {
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "owner"));
  ({ api: intruder } = await signUpWithAccount(server.api, "intruder"));
  const created = await owner.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    ...sampleForm,
    title: "Private survey",
  });
  formId = created.body.form.id;
  alias = created.body.form.formPathAlias;
  answerId = (
    await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer: SECRET }],
    })
  ).body.id;
});
afterAll(() => server.close());

/** Every tenant route of this issue, with a body where it takes one. */
const routes = () =>
  [
    ["GET", `/api/forms/${formId}`],
    ["PATCH", `/api/forms/${formId}`, { title: "Hijacked", isPublished: false }],
    ["DELETE", `/api/forms/${formId}`],
    ["POST", `/api/forms/${formId}/clone`],
    ["GET", `/api/forms/${formId}/summary`],
    ["GET", `/api/forms/${formId}/answer/paginated/1/10`],
    ["GET", `/api/forms/${formId}/answer/${answerId}`],
    ["PATCH", `/api/forms/${formId}/answer/status/read`, { answerIds: [answerId] }],
    ["PATCH", `/api/forms/${formId}/answer/status/unread`, { answerIds: [answerId] }],
    ["DELETE", `/api/forms/${formId}/answer`, { answerIds: [answerId] }],
  ] as const;

async function assertUntouched() {
  const form = await owner.get<{ form: { title: string; isPublished: boolean } }>(`/api/forms/${formId}`);
  expect(form.body.form).toMatchObject({ title: "Private survey", isPublished: true });
  const answer = await owner.get<{ isViewed: boolean; answers: unknown[] }>(
    `/api/forms/${formId}/answer/${answerId}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.isViewed).toBe(false);
  const list = await owner.get<{ forms: unknown[] }>("/api/forms/account");
  expect(list.body.forms).toHaveLength(1);
}

describe("tenant isolation", () => {
  it("another account's admin gets 404 on every route and sees none of the data", async () => {
    for (const [method, url, body] of routes()) {
      const response = await intruder.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.text).not.toContain(SECRET);
      expect(response.text).not.toContain("Private survey");
    }
    expect((await intruder.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toEqual([]);
    // The intruder's own answer ids are scoped too: the owner's answer cannot be reached through the intruder's form.
    const own = await intruder.post<{ form: { id: number } }>("/api/forms", sampleForm);
    const viaOwnForm = await intruder.get(`/api/forms/${own.body.form.id}/answer/${answerId}`);
    expect(viaOwnForm.status).toBe(404);
    const markViaOwnForm = await intruder.patch(`/api/forms/${own.body.form.id}/answer/status/read`, {
      answerIds: [answerId],
    });
    expect(markViaOwnForm.body).toEqual({ updated: 0 });
    await assertUntouched();
  });

  it("a user without an account is denied (403 account.required) on every route", async () => {
    const loner = server.api.as((await registerUser(server.api, "loner")).token);
    for (const [method, url, body] of [
      ...routes(),
      ["GET", "/api/forms/account"] as const,
      ["POST", "/api/forms", { title: "x" }] as const,
    ]) {
      const response = await loner.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.code).toBe("account.required");
    }
    await assertUntouched();
  });

  it("no token gets 401 on every route", async () => {
    for (const [method, url, body] of [...routes(), ["GET", "/api/forms/account"] as const]) {
      const response = await server.api.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(401);
    }
    await assertUntouched();
  });

  it("the public path of another account's subdomain does not find the form", async () => {
    const intruderSubdomain = ((await intruder.get("/api/user")).body.account as { subdomain: string })
      .subdomain;
    expect((await server.api.get(`/api/forms/path/${alias}/${intruderSubdomain}`)).status).toBe(404);
  });
});
