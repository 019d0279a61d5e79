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

describe("rules on submission", () => {
  const hideNameUnlessRed = {
    id: "r1",
    name: "Name only for red",
    if: {
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId: "color", operator: "notEqual", value: "red" }],
    },
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: [{ type: "hide", fieldIds: ["name"] }],
  };

  it("checks a required field only while the rules show it", async () => {
    const form = (
      await createForm(api, {
        ...sampleForm,
        conditionalRules: [hideNameUnlessRed],
      })
    ).id;
    const blue = await server.api.post("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "color", answer: "blue" },
        { fieldId: "name", answer: "dropped" },
      ],
    });
    expect(blue.status).toBe(201);
    const stored = await api.get<{ answers: Array<{ fieldId: string }> }>(
      `/api/forms/${form}/answer/${(blue.body as { id: number }).id}`,
    );
    expect(stored.body.answers.map((a) => a.fieldId)).toEqual(["color"]);

    const red = await server.api.post("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "color", answer: "red" }],
    });
    expect(red.status).toBe(400);
    expect(red.body.validationErrors).toEqual([
      expect.objectContaining({ field: "name", code: "answer.required" }),
    ]);
  });

  it("neither asks for nor stores a question a show-rule has not shown, without the author hiding it", async () => {
    const form = (
      await createForm(api, {
        title: "Would you recommend us?",
        fields: [
          { id: "nps", fieldType: "nps", question: "How likely are you to recommend us?", fieldOrder: 0 },
          { id: "wrong", fieldType: "text", question: "What went wrong?", isRequired: true, fieldOrder: 1 },
        ],
        conditionalRules: [
          {
            id: "low",
            name: "Ask what went wrong",
            if: {
              kind: "group",
              combinator: "AND",
              conditions: [{ kind: "field", fieldId: "nps", operator: "lowerOrEqual", value: 6 }],
            },
            // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
            then: [{ type: "show", fieldIds: ["wrong"] }],
          },
        ],
      })
    ).id;
    const answersOf = async (id: number) =>
      (
        await api.get<{ answers: Array<{ fieldId: string; answer: unknown }> }>(
          `/api/forms/${form}/answer/${id}`,
        )
      ).body.answers.map((a) => [a.fieldId, a.answer]);

    // A 9: the question was never shown, so it is not required, and an answer sent to it is dropped.
    const nine = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "nps", answer: 9 },
        { fieldId: "wrong", answer: "Not shown to me" },
      ],
    });
    expect(nine.status).toBe(201);
    expect(await answersOf(nine.body.id)).toEqual([["nps", 9]]);

    // A 3: the rule shows it, so it is required and kept.
    const three = await server.api.post("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "nps", answer: 3 }],
    });
    expect(three.status).toBe(400);
    expect(three.body.validationErrors).toEqual([
      expect.objectContaining({ field: "wrong", code: "answer.required" }),
    ]);
    const answered = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "nps", answer: 3 },
        { fieldId: "wrong", answer: "Slow delivery" },
      ],
    });
    expect(answered.status).toBe(201);
    expect(await answersOf(answered.body.id)).toEqual([
      ["nps", 3],
      ["wrong", "Slow delivery"],
    ]);
  });

  it("compares a date answer with a rule's day written as the form shows days (DD.MM.YYYY)", async () => {
    const form = (
      await createForm(api, {
        title: "Visits",
        fields: [
          { id: "visit", fieldType: "dateTime", question: "Visit date", fieldOrder: 0 },
          { id: "cheese", fieldType: "text", question: "Cheese comment", fieldOrder: 1 },
        ],
        conditionalRules: [
          {
            id: "summer",
            name: "Summer visits",
            if: {
              kind: "group",
              combinator: "AND",
              conditions: [{ kind: "field", fieldId: "visit", operator: "greater", value: "01.06.2026" }],
            },
            // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
            then: [{ type: "show", fieldIds: ["cheese"] }],
          },
        ],
      })
    ).id;
    const stored = async (visit: string) => {
      const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
        formId: form,
        answers: [
          { fieldId: "visit", answer: visit },
          { fieldId: "cheese", answer: "Brie" },
        ],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const read = await api.get<{ answers: Array<{ fieldId: string }> }>(
        `/api/forms/${form}/answer/${sent.body.id}`,
      );
      return read.body.answers.map((a) => a.fieldId);
    };
    expect(await stored("2026-07-15")).toEqual(["visit", "cheese"]);
    expect(await stored("2026-05-15")).toEqual(["visit"]);
  });

  it("stores the value a rule puts in a hidden or read-only field, and nothing the respondent sends to it", async () => {
    const over60 = {
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId: "age", operator: "greater", value: 60 }],
    };
    const form = (
      await createForm(api, {
        title: "Segments",
        fields: [
          { id: "age", fieldType: "number", question: "Your age?", fieldOrder: 0 },
          { id: "segment", fieldType: "text", question: "Segment", isHidden: true, fieldOrder: 1 },
          { id: "band", fieldType: "text", question: "Band", isDisabled: true, fieldOrder: 2 },
          { id: "shown", fieldType: "text", question: "Shown by a rule", fieldOrder: 3 },
          { id: "hush", fieldType: "text", question: "Hidden by a rule", fieldOrder: 4 },
        ],
        conditionalRules: [
          {
            id: "senior",
            name: "Seniors",
            if: over60,
            // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
            then: [
              { type: "assign", fieldId: "segment", value: "senior" },
              { type: "assign", fieldId: "band", value: "60+" },
              { type: "assign", fieldId: "shown", value: "kept only when shown" },
              { type: "assign", fieldId: "hush", value: "dropped" },
              { type: "hide", fieldIds: ["hush"] },
            ],
          },
          {
            id: "show",
            name: "Show for the young",
            if: {
              kind: "group",
              combinator: "AND",
              conditions: [{ kind: "field", fieldId: "age", operator: "lower", value: 18 }],
            },
            // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
            then: [{ type: "show", fieldIds: ["shown"] }],
          },
        ],
      })
    ).id;
    const stored = async (answers: Array<{ fieldId: string; answer: unknown }>) => {
      const sent = await server.api.post<{ id: number }>("/api/forms/answer", { formId: form, answers });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const read = await api.get<{ answers: Array<{ fieldId: string; answer: unknown }> }>(
        `/api/forms/${form}/answer/${sent.body.id}`,
      );
      return Object.fromEntries(read.body.answers.map((a) => [a.fieldId, a.answer]));
    };
    expect(await stored([{ fieldId: "age", answer: 70 }])).toEqual({
      age: 70,
      segment: "senior",
      band: "60+",
    });
    // What the respondent sends to a field they cannot see or change is not theirs to set.
    expect(
      await stored([
        { fieldId: "age", answer: 30 },
        { fieldId: "segment", answer: "forged" },
        { fieldId: "band", answer: "forged" },
      ]),
    ).toEqual({ age: 30 });
  });

  it("refuses rules that name missing fields, and keeps the form as it was", async () => {
    const form = (await createForm(api)).id;
    const broken = {
      ...hideNameUnlessRed,
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "nope", operator: "empty" }],
      },
    };
    const response = await api.patch(`/api/forms/${form}`, { conditionalRules: [broken] });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("form_rule.field.unknown");
    expect(
      (await api.get<{ form: { conditionalRules: unknown[] } }>(`/api/forms/${form}`)).body.form
        .conditionalRules,
    ).toEqual([]);
  });

  it("requires the captcha when the form shows one", async () => {
    const form = (
      await createForm(api, {
        ...sampleForm,
        fields: [...sampleForm.fields, { id: "cap", fieldType: "captcha" }],
      })
    ).id;
    const without = await server.api.post("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "name", answer: "A" }],
    });
    expect(without.body.validationErrors).toEqual([
      expect.objectContaining({ field: "cap", code: "answer.captcha_required" }),
    ]);
    // Any string no longer passes: only a solution of a challenge this server issued.
    const forged = await server.api.post("/api/forms/answer", {
      formId: form,
      captcha: "solution",
      answers: [{ fieldId: "name", answer: "A" }],
    });
    expect(forged.body.validationErrors).toEqual([
      expect.objectContaining({ field: "cap", code: "answer.captcha_invalid" }),
    ]);
    const { solveChallenge } = await import("altcha-lib/v1");
    const challenge = (await server.api.get<Record<string, string>>("/api/forms/captcha/challenge")).body;
    const solution = await solveChallenge(challenge.challenge!, challenge.salt!, challenge.algorithm).promise;
    const withIt = await server.api.post("/api/forms/answer", {
      formId: form,
      captcha: Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString("base64"),
      answers: [{ fieldId: "name", answer: "A" }],
    });
    expect(withIt.status).toBe(201);
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
