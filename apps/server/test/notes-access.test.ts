import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, groupWith, startWithAccount, type TestServer } from "./harness.ts";

/**
 * What a reader of selected fields gets back when they tag or comment on a submission: the notes
 * of their fields only, never the total score or another field's points and comments.
 */

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;
let formId: number;
let answerId: number;

interface Notes {
  tags: string[];
  score: number | null;
  fieldScores: Record<string, number> | null;
  fieldComments: Record<string, string>;
}

beforeAll(async () => {
  let accountId: number;
  ({ server, api: admin, accountId } = await startWithAccount("notes-access"));
  const created = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Screening",
    fields: [
      { id: "name", fieldType: "text", question: "Name" },
      { id: "secret", fieldType: "text", question: "Passport number" },
    ],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
    formId,
    answers: [
      { fieldId: "name", answer: "Ann" },
      { fieldId: "secret", answer: "X123" },
    ],
  });
  expect(sent.status, sent.text).toBe(201);
  answerId = sent.body.id;
  const notes = `/api/forms/${formId}/answers/${answerId}`;
  expect((await admin.post(`${notes}/update-field-score`, { field: "secret", score: 42 })).status).toBe(200);
  expect((await admin.post(`${notes}/update-comment`, { field: "secret", comment: "Matches" })).status).toBe(
    200,
  );
  const reader = await addMember(server, accountId, "tagger");
  member = reader.api;
  const group = await groupWith(
    admin,
    "Taggers",
    [reader.id],
    ["results.view", "forms.view", "results.mark"],
  );
  const granted = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
    level: "fields",
    fieldIds: ["name"],
  });
  expect(granted.status, granted.text).toBeLessThan(300);
});
afterAll(() => server.close());

describe("notes a reader of selected fields adds", () => {
  it("answer with the notes of their fields only", async () => {
    const notes = `/api/forms/${formId}/answers/${answerId}`;
    const tagged = await member.post<Notes>(`${notes}/update-tags`, { tags: ["checked"] });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body).toMatchObject({ tags: ["checked"], score: null, fieldComments: {} });
    expect(Object.keys(tagged.body.fieldScores ?? {})).not.toContain("secret");
    const commented = await member.post<Notes>(`${notes}/update-comment`, {
      field: "name",
      comment: "Called",
    });
    expect(commented.status, commented.text).toBe(200);
    expect(commented.body).toMatchObject({ score: null, fieldComments: { name: "Called" } });
    expect(Object.keys(commented.body.fieldScores ?? {})).not.toContain("secret");
    // The whole form's reader still gets everything.
    const all = await admin.post<Notes>(`${notes}/update-tags`, { tags: ["checked", "vip"] });
    expect(all.body).toMatchObject({
      score: 42,
      fieldScores: { secret: 42 },
      fieldComments: { name: "Called", secret: "Matches" },
    });
  });
});
