import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  showToDetractors,
  signUpWithAccount,
  startTestServer,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

/**
 * Performing questions over questions not everyone was shown: hidden by a rule, or added after some
 * submissions (the figures themselves: submit-rate.test.ts).
 */

let server: TestServer;
let admin: ApiClient;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "shown"));
});
afterAll(() => server?.close());

interface Performing {
  total: number;
  questions: Array<{ fieldId: string; shown: number; answered: number; skipped: number }>;
}

describe("performing questions", () => {
  it("counts a question skipped only by those it was shown to", async () => {
    const nps = await createForm(admin, {
      title: "Would you recommend us?",
      fields: [
        { id: "nps", fieldType: "nps", question: "How likely are you to recommend us?", fieldOrder: 0 },
        { id: "why", fieldType: "text", question: "What went wrong?", fieldOrder: 1 },
      ],
      conditionalRules: [showToDetractors("nps", "why")],
    });
    // Two promoters never see the question; of the two detractors one answers it, one leaves it.
    for (const answers of [
      [{ fieldId: "nps", answer: 9 }],
      [{ fieldId: "nps", answer: 10 }],
      [
        { fieldId: "nps", answer: 3 },
        { fieldId: "why", answer: "Slow delivery" },
      ],
      [{ fieldId: "nps", answer: 5 }],
    ])
      await submitAnswers(server.api, nps.id, answers);
    // A question added afterwards was shown to none of them, and is answered by the next one.
    const current = await admin.get<{ fields: unknown[] }>(`/api/forms/${nps.id}`);
    const added = { id: "again", fieldType: "text", question: "Would you come again?", fieldOrder: 2 };
    expect(
      (await admin.patch(`/api/forms/${nps.id}`, { fields: [...current.body.fields, added] })).status,
    ).toBe(200);
    await submitAnswers(server.api, nps.id, [
      { fieldId: "nps", answer: 10 },
      { fieldId: "again", answer: "Yes" },
    ]);
    const response = await admin.get<Performing>(`/api/forms/${nps.id}/performing-questions`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBe(5);
    expect(response.body.questions).toEqual([
      expect.objectContaining({
        fieldId: "nps",
        shown: 5,
        answered: 5,
        skipped: 0,
        answerRate: 100,
        skipRate: 0,
      }),
      expect.objectContaining({
        fieldId: "why",
        shown: 2,
        answered: 1,
        skipped: 1,
        answerRate: 50,
        skipRate: 50,
      }),
      expect.objectContaining({
        fieldId: "again",
        shown: 1,
        answered: 1,
        skipped: 0,
        answerRate: 100,
        skipRate: 0,
      }),
    ]);
    // A reader of "why" alone is not told how many it was shown to: that counts the detractors,
    // read from the score they may not see.
    const reader = await addMember(server, accountId, "whyreader");
    const group = await groupWith(admin, "Why readers", [reader.id], ["forms.view", "results.view"]);
    await admin.request("PUT", `/api/forms/${nps.id}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["why"],
    });
    const limited = await reader.api.get<Performing>(`/api/forms/${nps.id}/performing-questions`);
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.questions).toEqual([
      expect.objectContaining({ fieldId: "why", shown: 5, answered: 1, skipped: 4 }),
    ]);
  });
});
