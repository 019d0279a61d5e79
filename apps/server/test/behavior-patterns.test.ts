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

/** One minute of filling, as core's behavior-attributes.test.ts measures it (docs/behaviour.md). */
const minute = [
  { type: "focus", at: 0, field: "name" },
  { type: "input", at: 1000, field: "name", count: 10 },
  { type: "input", at: 2000, field: "name", count: -2 },
  { type: "blur", at: 10_000, field: "name" },
  { type: "focus", at: 10_000, field: "mail" },
  { type: "blur", at: 20_000, field: "mail" },
  { type: "hide", at: 20_000 },
  { type: "show", at: 35_000 },
  { type: "focus", at: 35_000, field: "name" },
  { type: "blur", at: 40_000, field: "name" },
  { type: "click", at: 41_000, x: 100, y: 100 },
  { type: "click", at: 41_300, x: 105, y: 100 },
  { type: "click", at: 41_600, x: 100, y: 110 },
  { type: "click", at: 50_000, x: 500, y: 500 },
  { type: "move", at: 60_000, x: 1, y: 1 },
];
const minuteAttributes = {
  energetic: 8,
  efficiency: 50,
  hesitation: 35,
  distraction: 25,
  unfocused: 44,
  rage: 75,
};

const agreed = { behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id] };

/** A filling whose page sent these events in two batches, then its submission under the same key. */
async function fill(key: string, events: Array<Record<string, unknown>>): Promise<number> {
  const half = Math.ceil(events.length / 2);
  for (const [seq, part] of [events.slice(0, half), events.slice(half)].entries()) {
    if (part.length === 0) continue;
    const sent = await server.api.post("/api/forms/logger", { formId, key, seq, ...agreed, events: part });
    expect(sent.status).toBe(204);
  }
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    { formId, answers: [{ fieldId: "name", answer: "Ann" }] },
    { "idempotency-key": key },
  );
  expect(sent.status).toBe(201);
  return sent.body.id;
}

type Spider = {
  attributes: Record<string, number> | null;
  fields: Array<{ fieldId: string; seconds: number; visits: number; outside: string | null }>;
};

beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "spider"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    ...sampleForm,
    fields: sampleForm.fields.map((field) =>
      field.id === "name"
        ? { ...field, userBehaviorSettings: { minTime: 20 } }
        : field.id === "mail"
          ? { ...field, userBehaviorSettings: { maxTime: 30 } }
          : field,
    ),
  });
  expect(created.status).toBe(201);
  formId = created.body.form.id;
});
afterAll(() => server.close());

describe("behaviour patterns", () => {
  it("gives a submission the six attributes of its recorded events and each question's time", async () => {
    const answerId = await fill("spider-minute", minute);
    const spider = await api.get<Spider>(`/api/forms/${formId}/answer/${answerId}/spider`);
    expect(spider.status).toBe(200);
    expect(spider.body.attributes).toEqual(minuteAttributes);
    expect(spider.body.fields).toEqual([
      expect.objectContaining({ fieldId: "name", seconds: 15, visits: 2, outside: "shorter" }),
      expect.objectContaining({ fieldId: "mail", seconds: 10, visits: 1, outside: null }),
    ]);
  });

  it("measures nothing for a submission whose page recorded nothing", async () => {
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer: "Bob" }],
    });
    const spider = await api.get<Spider>(`/api/forms/${formId}/answer/${sent.body.id}/spider`);
    expect(spider.body).toMatchObject({ attributes: null, fields: [] });
  });

  it("compares a page of submissions, newest first, with the mean of the measured ones", async () => {
    const calm = await fill("spider-calm", [
      { type: "focus", at: 0, field: "mail" },
      { type: "blur", at: 30_000, field: "mail" },
    ]);
    const list = await api.get<{
      total: number;
      average: Record<string, number> | null;
      submissions: Array<{ answerId: number; attributes: Record<string, number> | null }>;
    }>(`/api/forms/${formId}/answer/list/spider/1/2`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.submissions.map((item) => item.answerId)[0]).toBe(calm);
    expect(list.body.submissions[0]!.attributes).toEqual({
      energetic: 0,
      efficiency: 100,
      hesitation: 0,
      distraction: 0,
      unfocused: 0,
      rage: 0,
    });
    // The page's other one is the submission without events: the mean is the calm one's alone.
    expect(list.body.submissions[1]!.attributes).toBeNull();
    expect(list.body.average).toEqual(list.body.submissions[0]!.attributes);
    const second = await api.get<{ submissions: Array<{ attributes: unknown }> }>(
      `/api/forms/${formId}/answer/list/spider/2/2`,
    );
    expect(second.body.submissions.map((item) => item.attributes)).toEqual([minuteAttributes]);
  });

  it("is not shown to another account, and refuses a size past 100", async () => {
    const other = await signUpWithAccount(server.api, "stranger");
    const answers = await api.get<{ submissions: Array<{ answerId: number }> }>(
      `/api/forms/${formId}/answer/list/spider/1/1`,
    );
    const answerId = answers.body.submissions[0]!.answerId;
    expect((await other.api.get(`/api/forms/${formId}/answer/${answerId}/spider`)).status).toBe(404);
    expect((await other.api.get(`/api/forms/${formId}/answer/list/spider/1/10`)).status).toBe(404);
    expect((await api.get(`/api/forms/${formId}/answer/list/spider/1/101`)).status).toBe(400);
  });

  it("measures a reader of selected fields on those fields' events only", async () => {
    const member = await addMember(server, accountId, "spyder");
    const readers = await groupWith(api, "Readers", [member.id], ["forms.view", "results.view"]);
    await api.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["mail"],
    });
    const list = await api.get<{ submissions: Array<{ answerId: number }> }>(
      `/api/forms/${formId}/answer/list/spider/2/2`,
    );
    const minuteId = list.body.submissions[0]!.answerId;
    const seen = await member.api.get<Spider>(`/api/forms/${formId}/answer/${minuteId}/spider`);
    expect(seen.status).toBe(200);
    expect(seen.body.fields.map((field) => field.fieldId)).toEqual(["mail"]);
  });
});
