import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createForm, startWithAccount, type TestServer } from "./harness.ts";
import { capitalQuestion } from "./quiz-form.ts";

/** A quiz submission regraded by a reader: the result follows the score set by hand. */

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  ({ server, api } = await startWithAccount("regrade"));
});
afterAll(() => server.close());

describe("a score set by hand", () => {
  it("gives a submission the result its score set by hand earns, in total or by one field's points", async () => {
    const quiz = {
      title: "Regraded quiz",
      type: "calculation",
      resultsHandlingPassedFailed: { passingScore: 2, briefResult: { passed: "Passed!", failed: "Not yet" } },
      fields: [capitalQuestion, { id: "why", fieldType: "text", question: "Why?" }],
    };
    const form = (await createForm(api, quiz)).id;
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "capital", answer: "rome" },
        { fieldId: "why", answer: "A fair reason" },
      ],
    });
    const answer = `/api/forms/${form}/answer/${sent.body.id}`;
    const notes = `/api/forms/${form}/answers/${sent.body.id}`;
    expect((await api.get(answer)).body).toMatchObject({
      score: 0,
      result: { passed: false, brief: "Not yet" },
    });

    // The reader gives the free-text answer 3 points: the total passes, and so does the result.
    expect((await api.post(`${notes}/update-field-score`, { field: "why", score: 3 })).status).toBe(200);
    expect((await api.get(answer)).body).toMatchObject({
      score: 3,
      result: { view: "passed_failed", passed: true, brief: "Passed!" },
    });
    // The total set by hand below the passing score fails it again.
    expect((await api.post(`${notes}/update-score`, { score: 1 })).status).toBe(200);
    expect((await api.get(answer)).body).toMatchObject({
      score: 1,
      result: { passed: false, brief: "Not yet" },
    });
    const failedOnly = await api.get<{ answerList: Array<{ id: number }> }>(
      `/api/forms/${form}/answer/paginated/1/10?filters=${encodeURIComponent(JSON.stringify({ result: "passed" }))}`,
    );
    expect(failedOnly.body.answerList.map((a) => a.id)).not.toContain(sent.body.id);
  });
});
