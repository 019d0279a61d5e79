import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;
let answerId: number;

const agreed = { behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id] };

async function visit(key: string, lastAt: number) {
  const events = [
    { type: "focus", at: 0, field: "name" },
    { type: "blur", at: lastAt, field: "name" },
  ];
  const logged = await server.api.post("/api/forms/logger", { formId, key, seq: 0, ...agreed, events });
  expect(logged.status).toBe(204);
}

type Page = {
  total: number;
  interactions: Array<{ pid: string; duration: number; user: string | null; answer: { id: number } | null }>;
};

beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "visits"));
  formId = (await api.post<{ form: { id: number } }>("/api/forms", sampleForm)).body.form.id;
  await visit("visit-left", 4000);
  await visit("visit-sent", 12_500);
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    { formId, answers: [{ fieldId: "name", answer: "Ann" }] },
    { "idempotency-key": "visit-sent" },
  );
  answerId = sent.body.id;
});
afterAll(() => server.close());

describe("page interactions", () => {
  it("lists the visits with their duration and the submission they ended in, filtered and ordered", async () => {
    const all = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/10?order=asc`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.interactions.map((item) => [item.pid, item.duration, item.answer?.id ?? null])).toEqual([
      ["visit-left", 4, null],
      ["visit-sent", 12.5, answerId],
    ]);
    const newest = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/1`);
    expect(newest.body).toMatchObject({ total: 2, interactions: [{ pid: "visit-sent" }] });
    const answered = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/10?show=answered`);
    expect(answered.body.interactions.map((item) => item.pid)).toEqual(["visit-sent"]);
    const unanswered = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/10?show=unanswered`);
    expect(unanswered.body.interactions.map((item) => item.pid)).toEqual(["visit-left"]);
    const future = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/10?date_from=2999-01-01`);
    expect(future.body).toEqual({ total: 0, interactions: [] });
    const upsideDown = await api.get<{ code: string }>(
      `/api/forms/${formId}/page-interactions/1/10?date_from=2030-01-02&date_to=2030-01-01`,
    );
    expect(upsideDown.status).toBe(400);
  });

  it("deletes one visit, keeping its submission, and says so when there is none to delete", async () => {
    const other = await signUpWithAccount(server.api, "visitother");
    expect(
      (await other.api.request("DELETE", `/api/forms/${formId}/page-interactions/visit-left`)).status,
    ).toBe(404);
    expect((await other.api.get(`/api/forms/${formId}/page-interactions/1/10`)).status).toBe(404);
    const reader = await addMember(server, accountId, "visread");
    const readers = await groupWith(api, "Visit readers", [reader.id], ["forms.view", "results.view"]);
    await api.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, { level: "all" });
    expect((await reader.api.get(`/api/forms/${formId}/page-interactions/1/10`)).status).toBe(200);
    expect(
      (await reader.api.request("DELETE", `/api/forms/${formId}/page-interactions/visit-left`)).status,
    ).toBe(403);

    expect((await api.request("DELETE", `/api/forms/${formId}/page-interactions/visit-sent`)).status).toBe(
      204,
    );
    const left = await api.get<Page>(`/api/forms/${formId}/page-interactions/1/10`);
    expect(left.body.interactions.map((item) => item.pid)).toEqual(["visit-left"]);
    expect((await api.get(`/api/forms/${formId}/answer/${answerId}`)).status).toBe(200);
    const again = await api.request<{ code: string }>(
      "DELETE",
      `/api/forms/${formId}/page-interactions/visit-sent`,
    );
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("page_interaction.not_found");
  });
});
