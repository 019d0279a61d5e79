import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "outcome"));
});
afterAll(() => server.close());

/** Two questions worth 2 points each when right; the categories are "geo" and "sci". */
const questions = [
  {
    id: "capital",
    fieldType: "radio",
    question: "Capital of France?",
    elementCategories: ["geo"],
    calcSettings: { calcType: "check_values", points: 2 },
    fieldSettings: {
      answerVariants: [
        { id: "paris", title: "Paris", checkValue: true },
        { id: "rome", title: "Rome" },
      ],
    },
  },
  {
    id: "boil",
    fieldType: "radio",
    question: "Water boils at?",
    elementCategories: ["sci"],
    calcSettings: { calcType: "check_values", points: 2 },
    fieldSettings: {
      answerVariants: [
        { id: "hundred", title: "100 °C", checkValue: true },
        { id: "fifty", title: "50 °C" },
      ],
    },
  },
];

interface Accepted {
  id: number;
  outcome: {
    score: number;
    maxScore: number;
    result: Record<string, unknown>;
  } | null;
}

async function quiz(settings: Record<string, unknown>): Promise<number> {
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    title: "Quiz",
    type: "calculation",
    fields: questions,
    ...settings,
  });
  expect(created.status).toBe(201);
  return created.body.form.id;
}

const send = (formId: number, capital: string, boil: string, headers?: Record<string, string>) =>
  server.api.post<Accepted>(
    "/api/forms/answer",
    {
      formId,
      answers: [
        { fieldId: "capital", answer: capital },
        { fieldId: "boil", answer: boil },
      ],
    },
    headers,
  );

/** Nothing that tells the answers, the points per question or the author's hidden values. */
function expectNoSecrets(text: string) {
  for (const secret of [
    "checkValue",
    "fieldScores",
    '"capital"',
    '"paris"',
    '"hundred"',
    "hiddenValue",
    "SECRET",
  ])
    expect(text).not.toContain(secret);
}

describe("the outcome a respondent is given on sending a calculation form", () => {
  it("says passed or failed with the form's brief and detailed texts and the score", async () => {
    const formId = await quiz({
      resultsHandlingPassedFailed: {
        passingScore: 3,
        briefResult: { passed: "Well done", failed: "Not yet" },
        detailedResult: { passed: "All right.", failed: "Try the capitals again." },
      },
    });
    const passed = await send(formId, "paris", "hundred");
    expect(passed.status).toBe(201);
    expect(passed.body.outcome).toEqual({
      score: 4,
      maxScore: 4,
      result: { view: "passed_failed", passed: true, brief: "Well done", detailed: "All right." },
    });
    const failed = await send(formId, "rome", "hundred");
    expect(failed.body.outcome).toEqual({
      score: 2,
      maxScore: 4,
      result: { view: "passed_failed", passed: false, brief: "Not yet", detailed: "Try the capitals again." },
    });
    expectNoSecrets(failed.text);
  });

  it("names the gradation the score falls in, without its hidden value", async () => {
    const formId = await quiz({
      resultType: "gradations",
      resultsHandlingGradation: [
        { id: "low", minScoreGradation: 0, maxScoreGradation: 1, briefResultGradation: "Beginner" },
        {
          id: "mid",
          minScoreGradation: 2,
          maxScoreGradation: 3,
          briefResultGradation: "Explorer",
          detailedResultGradation: "Half of it right.",
          hiddenValue: "SECRET-MID",
        },
        { id: "top", minScoreGradation: 4, maxScoreGradation: 4, briefResultGradation: "Expert" },
      ],
    });
    // Before sending, the page is given no result texts, ranges or passing score.
    const alias = (await api.get<{ form: { formPathAlias: string } }>(`/api/forms/${formId}`)).body.form
      .formPathAlias;
    const subdomain = (await api.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
    const page = await server.api.get(`/api/forms/path/${alias}/${subdomain}`);
    expect(page.status).toBe(200);
    for (const text of ["Explorer", "Half of it right", "maxScoreGradation"])
      expect(page.text).not.toContain(text);

    const sent = await send(formId, "rome", "hundred");
    expect(sent.body.outcome).toEqual({
      score: 2,
      maxScore: 4,
      result: { view: "gradations", brief: "Explorer", detailed: "Half of it right." },
    });
    expectNoSecrets(sent.text);
    expect((await send(formId, "paris", "hundred")).body.outcome?.result).toMatchObject({ brief: "Expert" });
  });

  it("gives a level for each result category", async () => {
    const formId = await quiz({
      resultType: "categories",
      resultsHandlingGradationCategories: [
        {
          id: "geo",
          title: "Geography",
          levels: [
            { minScore: 0, maxScore: 1, briefResult: "Lost", hiddenValue: "SECRET-GEO" },
            { minScore: 2, maxScore: 2, briefResult: "Traveller", detailedResult: "You know your capitals." },
          ],
        },
        {
          id: "sci",
          title: "Science",
          levels: [
            { minScore: 0, maxScore: 1, briefResult: "Curious", detailedResult: "Read about boiling." },
            { minScore: 2, maxScore: 2, briefResult: "Scientist" },
          ],
        },
      ],
    });
    const sent = await send(formId, "paris", "fifty");
    expect(sent.body.outcome).toEqual({
      score: 2,
      maxScore: 4,
      result: {
        view: "categories",
        categories: [
          {
            id: "geo",
            title: "Geography",
            score: 2,
            brief: "Traveller",
            detailed: "You know your capitals.",
          },
          { id: "sci", title: "Science", score: 0, brief: "Curious", detailed: "Read about boiling." },
        ],
      },
    });
    expectNoSecrets(sent.text);
  });

  it("answers a resent submission with the outcome stored the first time", async () => {
    const formId = await quiz({ resultsHandlingPassedFailed: { passingScore: 3 } });
    const key = { "idempotency-key": "outcome-resend-1" };
    const [first, ...resent] = await Promise.all([
      send(formId, "paris", "hundred", key),
      send(formId, "paris", "hundred", key),
      send(formId, "paris", "hundred", key),
    ]);
    const all = [first!, ...resent];
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    for (const response of all) {
      expect(response.body.id).toBe(first!.body.id);
      expect(response.body.outcome).toEqual({
        score: 4,
        maxScore: 4,
        result: { view: "passed_failed", passed: true, brief: "Passed", detailed: "" },
      });
    }
  });

  it("gives no outcome for a form that only collects data", async () => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      title: "Survey",
      fields: [{ id: "name", fieldType: "text", question: "Name" }],
    });
    const sent = await server.api.post<Accepted>("/api/forms/answer", {
      formId: created.body.form.id,
      answers: [{ fieldId: "name", answer: "Ann" }],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.outcome).toBeNull();
  });
});
