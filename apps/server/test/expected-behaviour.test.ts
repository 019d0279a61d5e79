import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "expecting"));
});
afterAll(() => server.close());

describe("a question's expected behaviour", () => {
  it("marks on the single result an answering time shorter or longer than the author expected", async () => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      title: "Careful reading",
      fields: [
        { id: "terms", fieldType: "textarea", question: "Summarise the terms", fieldOrder: 0 },
        { id: "age", fieldType: "number", question: "Your age", fieldOrder: 1 },
        { id: "city", fieldType: "text", question: "Your city", fieldOrder: 2 },
      ].map((field, index) => ({
        ...field,
        userBehaviorSettings: [{ minTime: 20 }, { maxTime: 10 }, { minTime: 1, maxTime: 30 }][index],
      })),
    });
    expect(created.status, created.text).toBe(201);
    const formId = created.body.form.id;
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "terms", answer: "Fine", answeringTime: 3 },
        { fieldId: "age", answer: 40, answeringTime: 25 },
        { fieldId: "city", answer: "Oslo", answeringTime: 6 },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    const extra = await api.get<{ answeringTimes: unknown[] }>(
      `/api/forms/${formId}/answer/${sent.body.id}/additional`,
    );
    expect(extra.status).toBe(200);
    expect(extra.body.answeringTimes).toEqual([
      {
        fieldId: "terms",
        question: "Summarise the terms",
        seconds: 3,
        minTime: 20,
        maxTime: null,
        outside: "shorter",
      },
      { fieldId: "age", question: "Your age", seconds: 25, minTime: null, maxTime: 10, outside: "longer" },
      { fieldId: "city", question: "Your city", seconds: 6, minTime: 1, maxTime: 30, outside: null },
    ]);
  });
});
