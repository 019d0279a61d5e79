import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm,
  sampleForm,
  showToDetractors,
  startWithAccount,
  type TestServer,
} from "./harness.ts";

/** What the form's rules decide of a submission: which answers are asked for and which are kept. */

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  ({ server, api } = await startWithAccount("rules"));
});
afterAll(() => server.close());

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
        conditionalRules: [showToDetractors("nps", "wrong")],
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

  it("shows a question when every row of a grid chose the choice a rule says it equals", async () => {
    const form = (
      await createForm(api, {
        title: "Service check",
        fields: [
          {
            id: "grid",
            fieldType: "matrix",
            question: "Rate",
            fieldSettings: {
              questions: [
                { id: "food", question: "Food" },
                { id: "service", question: "Service" },
              ],
              answerVariants: [
                { id: "bad", title: "Bad" },
                { id: "good", title: "Good" },
              ],
            },
          },
          {
            id: "praise",
            fieldType: "text",
            question: "What did you like most?",
            isHidden: true,
            isRequired: true,
          },
        ],
        conditionalRules: [
          {
            id: "all-good",
            name: "All good",
            if: {
              kind: "group",
              combinator: "AND",
              conditions: [{ kind: "field", fieldId: "grid", operator: "equal", value: "good" }],
            },
            // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
            then: [{ type: "show", fieldIds: ["praise"] }],
          },
        ],
      })
    ).id;
    const allGood = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [
        { fieldId: "grid", answer: { food: "good", service: "good" } },
        { fieldId: "praise", answer: "The soup" },
      ],
    });
    expect(allGood.status, allGood.text).toBe(201);
    const stored = await api.get<{ answers: Array<{ fieldId: string }> }>(
      `/api/forms/${form}/answer/${allGood.body.id}`,
    );
    expect(stored.body.answers.map((a) => a.fieldId)).toEqual(["grid", "praise"]);
    // One row otherwise: the question stays hidden, neither asked for nor kept.
    const mixed = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form,
      answers: [{ fieldId: "grid", answer: { food: "good", service: "bad" } }],
    });
    expect(mixed.status, mixed.text).toBe(201);
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

  it("refuses a condition on what takes no answer (a formula, a text block): it could never hold", async () => {
    const form = (
      await createForm(api, {
        title: "Order",
        fields: [
          { id: "price", fieldType: "number", question: "Price", formulaName: "price" },
          {
            id: "total",
            fieldType: "formula",
            title: "Total",
            formulaName: "amount",
            fieldSettings: { formula: "price * 2" },
          },
          { id: "bulk", fieldType: "text", question: "Bulk delivery address", isHidden: true },
        ],
      })
    ).id;
    const onTotal = {
      id: "bulk",
      name: "Bulk orders",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "total", operator: "greater", value: "100" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "show", fieldIds: ["bulk"] }],
    };
    const response = await api.patch(`/api/forms/${form}`, { conditionalRules: [onTotal] });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("form_rule.field.no_answer");
    expect(
      (await api.get<{ form: { conditionalRules: unknown[] } }>(`/api/forms/${form}`)).body.form
        .conditionalRules,
    ).toEqual([]);
    // A form stored with such a rule before it was refused can still be saved, the rule kept.
    await server.database.raw.query(
      "update forms set settings = jsonb_set(settings, '{conditionalRules}', $1::jsonb) where id = $2",
      [JSON.stringify([{ ...onTotal, enabled: true, when: "change", else: [] }]), form],
    );
    const before = (await api.get<{ form: { conditionalRules: unknown[] } }>(`/api/forms/${form}`)).body.form;
    const renamed = await api.patch(`/api/forms/${form}`, {
      title: "Order, renamed",
      conditionalRules: before.conditionalRules,
    });
    expect(renamed.status, renamed.text).toBe(200);
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
