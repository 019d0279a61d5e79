import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm,
  sampleForm,
  signUpWithAccount,
  startWithAccount,
  submitAnswers,
  type TestServer,
} from "./harness.ts";
import { capitalQuestion } from "./quiz-form.ts";

let server: TestServer;
let api: ApiClient;
let formId: number;
beforeAll(async () => {
  ({ server, api } = await startWithAccount("answers"));
  formId = (await createForm(api)).id;
});
afterAll(() => server.close());

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";

interface Page {
  answerList: Array<{
    id: number;
    isViewed: boolean;
    answers: Array<{ fieldId: string; answer: unknown }>;
    device: Record<string, string>;
    formPassingTime: number | null;
  }>;
  total: number;
}

describe("submitting", () => {
  it("returns every problem at once and stores nothing", async () => {
    const response = await server.api.post("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "mail", answer: "not-an-email" },
        { fieldId: "color", answer: "green" },
        { fieldId: "ghost", answer: "boo" },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("submission.invalid");
    const codes = (response.body.validationErrors as Array<{ field: string; code: string }>).map((e) => [
      e.field,
      e.code,
    ]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ["ghost", "answer.unknown_field"],
        ["name", "answer.required"],
        ["mail", "answer.invalid_email"],
        ["color", "answer.unknown_variant"],
      ]),
    );
    const wrongType = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer: 42 }],
    });
    expect(wrongType.body.validationErrors).toEqual([
      expect.objectContaining({ field: "name", code: "answer.invalid", message: "Invalid value in field" }),
    ]);
    // Two answers to one question: which one was meant is not the server's to guess.
    const twice = await server.api.post("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "name", answer: "Ann" },
        { fieldId: "name", answer: "Bob" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([
      expect.objectContaining({ field: "name", code: "answer.duplicate_field" }),
    ]);
    expect((await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/10`)).body.total).toBe(0);
  });

  it("stores an accepted submission with its times and the device read from the User-Agent", async () => {
    const startTime = new Date(Date.now() - 95_000).toISOString();
    const response = await server.api.post(
      "/api/forms/answer",
      {
        formId,
        startTime,
        answers: [
          { fieldId: "name", answer: "Ann" },
          { fieldId: "color", answer: "blue" },
        ],
      },
      { "user-agent": FIREFOX_ANDROID, "accept-language": "de-DE,de;q=0.9" },
    );
    expect(response.status).toBe(201);
    const stored = await api.get<Page["answerList"][number] & { startTime: string }>(
      `/api/forms/${formId}/answer/${response.body.id}`,
    );
    expect(stored.body).toMatchObject({
      isViewed: false,
      startTime,
      device: { type: "mobile", os: "Android 14", browser: "Firefox 128", language: "de-DE" },
    });
    expect(stored.body.formPassingTime).toBeGreaterThanOrEqual(94);
    expect(stored.body.answers).toEqual([
      { fieldId: "name", answer: "Ann", formulaName: "" },
      { fieldId: "color", answer: "blue", formulaName: "" },
    ]);
  });

  it("refuses unknown and unpublished forms", async () => {
    const unknown = await server.api.post("/api/forms/answer", { formId: 999_999, answers: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("form.not_found");

    const closedForm = (await createForm(api, { ...sampleForm, isPublished: false })).id;
    const closed = await server.api.post("/api/forms/answer", {
      formId: closedForm,
      answers: [{ fieldId: "name", answer: "x" }],
    });
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("form.closed");
  });

  it("admits only the account's signed-in users to a form limited to registered users", async () => {
    const limited = (
      await createForm(api, {
        ...sampleForm,
        hasAnonymousFilling: "registered",
      })
    ).id;
    const body = { formId: limited, answers: [{ fieldId: "name", answer: "Member" }] };
    const anonymous = await server.api.post("/api/forms/answer", body);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe("form.access_denied");
    const stranger = await signUpWithAccount(server.api, "stranger");
    expect((await stranger.api.post("/api/forms/answer", body)).status).toBe(403);
    const member = await api.post<{ id: number }>("/api/forms/answer", body);
    expect(member.status).toBe(201);
    const stored = await api.get(`/api/forms/${limited}/answer/${member.body.id}`);
    expect(stored.body.username).toEqual(expect.any(String));
  });
});

describe("results", () => {
  it("pages, sorts, filters by read state, marks read and unread, and deletes", async () => {
    const form = (await createForm(api)).id;
    const ids: number[] = [];
    for (const name of ["A", "B", "C", "D", "E"]) {
      const r = await server.api.post<{ id: number }>("/api/forms/answer", {
        formId: form,
        answers: [{ fieldId: "name", answer: name }],
        formPassingTime: name.charCodeAt(0),
      });
      ids.push(r.body.id);
    }
    const first = await api.get<Page>(`/api/forms/${form}/answer/paginated/1/2?sortBy=id&order=asc`);
    expect(first.body.total).toBe(5);
    expect(first.body.answerList.map((a) => a.id)).toEqual(ids.slice(0, 2));
    const third = await api.get<Page>(`/api/forms/${form}/answer/paginated/3/2?sortBy=id&order=asc`);
    expect(third.body.answerList.map((a) => a.id)).toEqual(ids.slice(4));
    const slowest = await api.get<Page>(
      `/api/forms/${form}/answer/paginated/1/1?sortBy=formPassingTime&order=desc`,
    );
    expect(slowest.body.answerList[0]?.answers[0]?.answer).toBe("E");

    const read = await api.patch(`/api/forms/${form}/answer/status/read`, { answerIds: [ids[0], ids[1]] });
    expect(read.body).toEqual({ updated: 2 });
    const unread = await api.get<Page>(`/api/forms/${form}/answer/paginated/1/10?isViewed=false`);
    expect(unread.body.answerList.map((a) => a.id).sort()).toEqual(ids.slice(2).sort());
    await api.patch(`/api/forms/${form}/answer/status/unread`, { answerIds: [ids[0]] });
    expect((await api.get(`/api/forms/${form}/answer/${ids[0]}`)).body.isViewed).toBe(false);
    expect((await api.get(`/api/forms/${form}/summary`)).body.newAnswerCount).toBe(4);

    expect((await api.delete(`/api/forms/${form}/answer`, { answerIds: [ids[4]] })).body).toEqual({
      deleted: 1,
    });
    const gone = await api.get(`/api/forms/${form}/answer/${ids[4]}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("404 - Form answer not found");
  });
});

describe("sorting by a choice", () => {
  it("orders the answers by the titles the reader sees, not by the options' ids", async () => {
    const options = [
      { id: "z1", title: "Apple" },
      { id: "a9", title: "Cherry" },
      { id: "m5", title: "Banana" },
    ];
    const form = (
      await createForm(api, {
        title: "Fruit",
        fields: [
          {
            id: "one",
            fieldType: "radio",
            question: "One fruit",
            fieldSettings: { answerVariants: options, hasOtherVariant: true },
          },
          {
            id: "some",
            fieldType: "checkbox",
            question: "Some fruit",
            fieldSettings: { answerVariants: options },
          },
        ],
      })
    ).id;
    const sent: Array<[string, string[]]> = [
      ["a9", ["a9"]],
      ["z1", ["z1", "a9"]],
      ["m5", ["m5"]],
    ];
    for (const [one, some] of sent)
      await submitAnswers(server.api, form, [
        { fieldId: "one", answer: one },
        { fieldId: "some", answer: some },
      ]);
    const sorted = async (fieldId: string, order: "asc" | "desc") => {
      const page = await api.get<Page>(
        `/api/forms/${form}/answer/paginated/1/10?sortBy=answer:${fieldId}&order=${order}`,
      );
      expect(page.status).toBe(200);
      return page.body.answerList.map((row) => row.answers.find((a) => a.fieldId === "one")?.answer);
    };
    expect(await sorted("one", "asc")).toEqual(["z1", "m5", "a9"]);
    expect(await sorted("one", "desc")).toEqual(["a9", "m5", "z1"]);
    // Several choices read as their titles in the order chosen: "Apple, Cherry", "Banana", "Cherry".
    expect(await sorted("some", "asc")).toEqual(["z1", "m5", "a9"]);
    // An export sorted the same way lists its rows so too.
    const csv = await api.get(`/api/forms/${form}/answers/export/csv?sortBy=answer:one&order=asc`);
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => /Apple|Banana|Cherry/.exec(line)?.[0]);
    expect(lines).toEqual(["Apple", "Banana", "Cherry"]);
    // Other's answer sorts by the respondent's own words, as the table shows it.
    await submitAnswers(server.api, form, [{ fieldId: "one", answer: "other:Blueberry" }]);
    expect(await sorted("one", "asc")).toEqual(["z1", "m5", "other:Blueberry", "a9"]);
  });
});

describe("time between submissions", () => {
  it("rejects a malformed interval without changing the form", async () => {
    const form = (await createForm(api)).id;
    const response = await api.patch(`/api/forms/${form}`, { nextSubmissionTime: "soon" });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("form.next_submission_time.invalid");
    expect(
      (await api.get<{ form: { nextSubmissionTime: string } }>(`/api/forms/${form}`)).body.form
        .nextSubmissionTime,
    ).toBe("");
  });
});

describe("calculation forms", () => {
  it("scores each submission with core and keeps score, result and field points", async () => {
    const quiz = {
      title: "Quiz",
      type: "calculation",
      resultsHandlingPassedFailed: { passingScore: 2, briefResult: { passed: "Passed!", failed: "Not yet" } },
      fields: [
        capitalQuestion,
        { id: "why", fieldType: "text", question: "Why?", calcSettings: { notEmptyScore: 0.5 } },
      ],
    };
    const form = (await createForm(api, quiz)).id;
    const right = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "capital", answer: "paris" },
        { fieldId: "why", answer: "Because" },
      ],
    });
    const wrong = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "capital", answer: "rome" }],
    });
    const stored = await api.get(`/api/forms/${form}/answer/${right.body.id}`);
    expect(stored.body).toMatchObject({
      score: 2.5,
      fieldScores: { capital: 2, why: 0.5 },
      result: { view: "passed_failed", passed: true, brief: "Passed!" },
    });
    expect((await api.get(`/api/forms/${form}/answer/${wrong.body.id}`)).body).toMatchObject({
      score: 0,
      result: { passed: false, brief: "Not yet" },
    });
    const byScore = await api.get<{ answerList: Array<{ id: number }> }>(
      `/api/forms/${form}/answer/paginated/1/10?sortBy=score&order=desc`,
    );
    expect(byScore.body.answerList.map((a) => a.id)).toEqual([right.body.id, wrong.body.id]);
  });

  it("gives respondents the quiz without its correct answers, points or hidden result values", async () => {
    const quiz = {
      title: "Secret quiz",
      type: "calculation",
      resultType: "gradations",
      resultsHandlingGradation: [
        { id: "top", minScoreGradation: 0, maxScoreGradation: 10, hiddenValue: "COUPON-42" },
      ],
      fields: [
        { ...capitalQuestion, calcSettings: { calcType: "check_values", points: 5 } },
        { id: "gap", fieldType: "gapText", fieldSettings: { gapText: "Water boils at [[100]] degrees" } },
      ],
    };
    const created = await api.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", quiz);
    const subdomain = (await api.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
    const shown = await server.api.get(`/api/forms/path/${created.body.form.formPathAlias}/${subdomain}`);
    expect(shown.status).toBe(200);
    for (const secret of ['"checkValue":true', '"points":5', "COUPON-42", "[[100]]"]) {
      expect(shown.text).not.toContain(secret);
    }
    expect(shown.text).toContain("Paris");
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: created.body.form.id,
      answers: [
        { fieldId: "capital", answer: "paris" },
        { fieldId: "gap", answer: ["100"] },
      ],
    });
    expect(sent.status).toBe(201);
    const stored = await api.get(`/api/forms/${created.body.form.id}/answer/${sent.body.id}`);
    expect(stored.body).toMatchObject({ score: 5, fieldScores: { capital: 5 } });
  });

  it("leaves data-collection submissions unscored", async () => {
    const form = (await createForm(api)).id;
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "name", answer: "A" }],
    });
    expect((await api.get(`/api/forms/${form}/answer/${sent.body.id}`)).body).toMatchObject({
      score: null,
      result: null,
      fieldScores: null,
    });
  });
});

describe("new submissions count", () => {
  it("counts unread submissions per form for the popover, only in the caller's account", async () => {
    const { api: team } = await signUpWithAccount(server.api, "popover");
    const empty = await team.get("/api/forms/account/answer/count-new");
    expect(empty.body).toEqual({ count: 0, forms: [] });

    const first = (await createForm(team, { ...sampleForm, title: "First" })).id;
    const second = (await createForm(team, { ...sampleForm, title: "Second" })).id;
    const send = (formId: number) =>
      server.api.post<{ id: number }>("/api/forms/answer", {
        formId,
        answers: [{ fieldId: "name", answer: "x" }],
      });
    const a = await send(first);
    await send(first);
    await send(second);

    const counted = await team.get<{
      count: number;
      forms: Array<{ formId: number; title: string; newAnswerCount: number }>;
    }>("/api/forms/account/answer/count-new");
    expect(counted.body.count).toBe(3);
    expect(counted.body.forms.map((f) => [f.title, f.newAnswerCount]).sort()).toEqual([
      ["First", 2],
      ["Second", 1],
    ]);

    await team.patch(`/api/forms/${first}/answer/status/read`, { answerIds: [a.body.id] });
    expect((await team.get<{ count: number }>("/api/forms/account/answer/count-new")).body.count).toBe(2);
    expect(
      (
        await api.get<{ forms: Array<{ title: string }> }>("/api/forms/account/answer/count-new")
      ).body.forms.map((f) => f.title),
    ).not.toContain("First");
    expect((await server.api.get("/api/forms/account/answer/count-new")).status).toBe(401);
  });
});
