import { ZElement } from "@formloom/core/element-schema";
import { arrangeQuestions } from "@formloom/core/question-output";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "partial"));
});
afterAll(() => server.close());

const settings = { questionsOrder: "random", questionsOutputting: 2 } as const;
const fields = ["a", "b", "c", "d"].map((id, fieldOrder) => ({
  id,
  fieldType: "text",
  question: `Question ${id}`,
  isRequired: true,
  fieldOrder,
}));

describe("a form that shows each respondent a part of its questions", () => {
  it("requires only the questions the respondent's seed gave them", async () => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      title: "Two of four",
      ...settings,
      fields,
    });
    const formId = created.body.form.id;
    const seed = "respondent-7";
    const asked = arrangeQuestions(
      fields.map((field) => ZElement.parse(field)),
      settings,
      seed,
    ).map((field) => field.id);
    expect(asked).toHaveLength(2);
    const answers = asked.map((fieldId) => ({ fieldId, answer: `answer ${fieldId}` }));

    const accepted = await server.api.post("/api/forms/answer", {
      formId,
      answers,
      miscData: { questionSeed: seed },
    });
    expect(accepted.status).toBe(201);

    // A question the seed did not give is not one the respondent may answer.
    const other = fields.find((field) => !asked.includes(field.id))!.id;
    const refused = await server.api.post("/api/forms/answer", {
      formId,
      answers: [...answers, { fieldId: other, answer: "extra" }],
      miscData: { questionSeed: seed },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      expect.objectContaining({ field: other, code: "answer.unknown_field" }),
    ]);
  });
});
