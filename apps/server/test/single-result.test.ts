import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "single"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    title: "Quiz",
    type: "calculation",
    resultsHandlingPassedFailed: {
      passingScore: 3,
      briefResult: { passed: "Well done", failed: "Not yet" },
      detailedResult: { passed: "All right.", failed: "Try again." },
    },
    fields: [
      {
        id: "capital",
        fieldType: "radio",
        question: "Capital of France?",
        calcSettings: { calcType: "check_values", points: 2, notEmptyScore: 1 },
        fieldSettings: {
          answerVariants: [
            { id: "paris", title: "Paris", checkValue: true },
            { id: "rome", title: "Rome" },
          ],
        },
      },
      { id: "name", fieldType: "text", question: "Your name", calcSettings: { notEmptyScore: 1 } },
    ],
  });
  expect(created.status).toBe(201);
  formId = created.body.form.id;
});
afterAll(() => server.close());

const send = (capital: string, name: string) =>
  server.api.post<{ id: number }>("/api/forms/answer", {
    formId,
    answers: [
      { fieldId: "capital", answer: capital, answeringTime: 4 },
      { fieldId: "name", answer: name },
    ],
  });

describe("one result on its own page", () => {
  it("names the newer and older neighbours in the results' order, also under parallel submissions", async () => {
    const sent = await Promise.all(
      ["Ann", "Bob", "Cat", "Dan", "Eve"].map((name) => send("paris", name).then((r) => r.body.id)),
    );
    // The table's order: newest first by the form's own numbers.
    const page = await api.get<{ answerList: Array<{ id: number }> }>(
      `/api/forms/${formId}/answer/paginated/1/100?sortBy=number&order=desc`,
    );
    const order = page.body.answerList.map((answer) => answer.id);
    expect(order.sort()).toEqual([...sent].sort());
    const listed = page.body.answerList.map((answer) => answer.id);
    for (const [index, id] of listed.entries()) {
      const response = await api.get(`/api/forms/${formId}/answer/${id}/prev-next`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        prev: listed[index - 1] ?? null,
        next: listed[index + 1] ?? null,
      });
    }
    // A deleted neighbour is stepped over.
    const middle = listed[2] as number;
    await api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: [middle] });
    expect((await api.get(`/api/forms/${formId}/answer/${listed[1]}/prev-next`)).body).toMatchObject({
      prev: listed[0],
      next: listed[3],
    });
    expect((await api.get(`/api/forms/${formId}/answer/${middle}/prev-next`)).status).toBe(404);
  });

  it("gives the score, the result and each question's points as core counts them", async () => {
    const right = await send("paris", "Ann");
    const calc = await api.get(`/api/forms/${formId}/answer/${right.body.id}/calc`);
    expect(calc.status).toBe(200);
    expect(calc.body).toMatchObject({
      score: 4,
      maxScore: 4,
      result: { view: "passed_failed", passed: true, brief: "Well done" },
      fields: [
        { fieldId: "capital", question: "Capital of France?", score: 3, max: 3 },
        { fieldId: "name", question: "Your name", score: 1, max: 1 },
      ],
    });
    const wrong = await send("rome", "Bob");
    const failed = await api.get(`/api/forms/${formId}/answer/${wrong.body.id}/calc`);
    expect(failed.body).toMatchObject({ score: 2, result: { passed: false, brief: "Not yet" } });
  });

  it("tells the device, place, link arguments and time spent per question", async () => {
    const sent = await server.api.post<{ id: number }>(
      "/api/forms/answer",
      {
        formId,
        answers: [
          { fieldId: "capital", answer: "paris", answeringTime: 7 },
          { fieldId: "name", answer: "Cy" },
        ],
        miscData: { pathArgs: { utm_source: "newsletter", bad: 3 } },
      },
      { "user-agent": "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0" },
    );
    const extra = await api.get(`/api/forms/${formId}/answer/${sent.body.id}/additional`);
    expect(extra.status).toBe(200);
    expect(extra.body).toMatchObject({
      geo: null,
      device: { type: "mobile", browser: "Firefox 128" },
      pathArgs: { utm_source: "newsletter" },
      answeringTimes: [{ fieldId: "capital", question: "Capital of France?", seconds: 7 }],
    });
    expect(extra.body.submitTime).toMatch(/^\d{4}-/);
  });

  it("shows a reader of selected fields only those fields' points, never the total or outcome", async () => {
    const sent = await send("paris", "secret-name-71");
    const reader = await addMember(server, accountId, "reader");
    const readers = await groupWith(api, "Readers", [reader.id], ["forms.view", "results.view"]);
    await api.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["capital"],
    });
    const calc = await reader.api.get(`/api/forms/${formId}/answer/${sent.body.id}/calc`);
    expect(calc.body).toEqual({
      score: null,
      maxScore: 3,
      result: null,
      fields: [{ fieldId: "capital", question: "Capital of France?", score: 3, max: 3 }],
    });
    const extra = await reader.api.get(`/api/forms/${formId}/answer/${sent.body.id}/additional`);
    expect(extra.text).not.toContain("Your name");
    expect((await reader.api.get(`/api/forms/${formId}/answer/${sent.body.id}/prev-next`)).status).toBe(200);
    const outsider = (await signUpWithAccount(server.api, "outsider")).api;
    for (const part of ["prev-next", "calc", "additional"])
      expect((await outsider.get(`/api/forms/${formId}/answer/${sent.body.id}/${part}`)).status).toBe(404);
  });
});
