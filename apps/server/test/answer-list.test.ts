import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  signUpWithAccount,
  startTestServer,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

// GET /forms/{id}/answer (forms.md §7): a form's submissions in one answer, for forms small
// enough to send at once; past EXPORT_JOB_THRESHOLD they are read page by page or exported.

interface AnswerList {
  answerList: Array<{ id: number; answers: Array<{ fieldId: string; answer: unknown }> }>;
  visibleFieldIds: string[] | null;
  total: number;
}

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
const ids: number[] = [];

beforeAll(async () => {
  server = await startTestServer({ EXPORT_JOB_THRESHOLD: "3" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "answer-list"));
  formId = (await createForm(admin)).id;
  for (const [name, color] of [
    ["Ada", "blue"],
    ["Grace", "red"],
    ["Edsger", "blue"],
  ] as const) {
    ids.push(
      await submitAnswers(server.api, formId, [
        { fieldId: "name", answer: name },
        { fieldId: "mail", answer: `${name.toLowerCase()}@example.com` },
        { fieldId: "color", answer: color },
      ]),
    );
  }
});
afterAll(() => server.close());

describe("a form's whole answer list", () => {
  it("holds every submission, newest first, or sorted and filtered as the pages are", async () => {
    const all = await admin.get<AnswerList>(`/api/forms/${formId}/answer`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.answerList.map((answer) => answer.id)).toEqual([...ids].reverse());
    expect(all.body).toMatchObject({ total: 3, visibleFieldIds: null });
    expect(all.text).toContain("grace@example.com");

    const oldestFirst = await admin.get<AnswerList>(`/api/forms/${formId}/answer?order=asc`);
    expect(oldestFirst.body.answerList.map((answer) => answer.id)).toEqual(ids);
    const filters = JSON.stringify({ search: "blue" });
    const blue = await admin.get<AnswerList>(
      `/api/forms/${formId}/answer?filters=${encodeURIComponent(filters)}`,
    );
    expect(blue.status, blue.text).toBe(200);
    expect(blue.body.total).toBe(2);
    expect(blue.body.answerList.map((answer) => answer.id).sort()).toEqual([ids[0], ids[2]].sort());
  });

  it("shows a reader of selected fields only those, and refuses one without access", async () => {
    const member = await addMember(server, accountId, "lister");
    const group = await groupWith(admin, "Listers", [member.id], ["forms.view", "results.view"]);
    expect((await member.api.get(`/api/forms/${formId}/answer`)).status).toBe(403);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["name"],
    });
    const seen = await member.api.get<AnswerList>(`/api/forms/${formId}/answer`);
    expect(seen.status).toBe(200);
    expect(seen.body.visibleFieldIds).toEqual(["name"]);
    expect(seen.body.answerList.flatMap((answer) => answer.answers.map((item) => item.fieldId))).toEqual([
      "name",
      "name",
      "name",
    ]);
    expect(seen.text).not.toContain("@example.com");

    const stranger = (await signUpWithAccount(server.api, "answer-list-other")).api;
    expect((await stranger.get(`/api/forms/${formId}/answer`)).status).toBe(404);
    expect((await server.api.get(`/api/forms/${formId}/answer`)).status).toBe(401);
  });

  it("sends a form past the export threshold to the pages or an export, with a clear code", async () => {
    await submitAnswers(server.api, formId, [
      { fieldId: "name", answer: "Barbara" },
      { fieldId: "mail", answer: "barbara@example.com" },
    ]);
    const refused = await admin.get(`/api/forms/${formId}/answer`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "answers.too_many" });
    // Filtered down to the threshold, the list is sent.
    const filters = JSON.stringify({ search: "blue" });
    const blue = await admin.get<AnswerList>(
      `/api/forms/${formId}/answer?filters=${encodeURIComponent(filters)}`,
    );
    expect(blue.body.total).toBe(2);
  });
});
