import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { ZFormSettings } from "./form-schema.ts";
import { publicFields, publicSettings } from "./public-form.ts";
import { scoreSubmission } from "./scoring.ts";
import { validateSubmission } from "./submission.ts";

const marked = { calcType: "check_values", notEmptyScore: 2, points: 7 } as const;
const variant = (id: string, title: string, checkValue = false, extra = {}) => ({
  id,
  title,
  value: id,
  checkValue,
  ...extra,
});

/** A quiz with a secret in every place a field can keep one. */
const quiz: TElement[] = [
  {
    id: "capital",
    fieldType: "radio",
    question: "Capital of France?",
    calcSettings: marked,
    fieldSettings: { answerVariants: [variant("paris", "Paris", true), variant("lyon", "Lyon")] },
  },
  {
    id: "typed",
    fieldType: "text",
    question: "Type the capital",
    calcSettings: marked,
    fieldSettings: { answerVariants: [variant("t1", "Zanzibar-City", true)] },
  },
  {
    id: "year",
    fieldType: "number",
    question: "Year?",
    calcSettings: marked,
    fieldSettings: { answerVariants: [variant("y", "1789-answer", true, { value: "1789" })] },
  },
  {
    id: "gaps",
    fieldType: "gapText",
    calcSettings: marked,
    fieldSettings: { gapText: "The sky is [[cerulean]]." },
  },
  {
    id: "pairs",
    fieldType: "correspondence",
    calcSettings: marked,
    fieldSettings: {
      answerVariants: [variant("l1", "Left", false, { matchId: "m-secret" })],
      matches: [
        { id: "m-secret", title: "Right" },
        { id: "m2", title: "Other" },
      ],
    },
  },
  {
    id: "grid",
    fieldType: "matrix",
    calcSettings: marked,
    fieldSettings: {
      answerVariants: [variant("c1", "Yes"), variant("c2", "No")],
      questions: [
        { id: "r1", question: "Row", answerValue: "c2", answerMultipleValues: ["c1"], multiple: false },
      ],
    },
  },
  {
    id: "order",
    fieldType: "sortable",
    calcSettings: marked,
    fieldSettings: { answerVariants: ["a", "b", "c", "d", "e", "f"].map((id) => variant(id, `Step ${id}`)) },
  },
  {
    id: "secret_total",
    fieldType: "formula",
    formulaName: "secret_total",
    isHidden: true,
    fieldSettings: { formula: "capital * 1000" },
  },
  {
    id: "shown_total",
    fieldType: "formula",
    formulaName: "shown_total",
    fieldSettings: { formula: "year + 1" },
  },
].map((element) => ZElement.parse(element));

const settings = ZFormSettings.parse({
  type: "calculation",
  description: "Editors only: graded by the history department",
  resultType: "gradations",
  resultsHandlingGradation: [
    {
      id: "g1",
      minScoreGradation: 0,
      maxScoreGradation: 100,
      detailedResultGradation: "Paris was the answer to the first question",
      hiddenValue: "promo-code-XYZ",
    },
  ],
  resultsHandlingGradationCategories: [
    { id: "cat", title: "Cat", levels: [{ minScore: 0, maxScore: 5, hiddenValue: "level-secret" }] },
  ],
});

describe("the public shape of a form", () => {
  const fields = publicFields(quiz);
  const text = JSON.stringify({ settings: publicSettings(settings), fields });

  it("carries no correct answer, points, pairing, hidden formula, hidden value or the editors' description", () => {
    for (const secret of [
      '"checkValue":true',
      '"points":7',
      '"notEmptyScore":2',
      "Zanzibar",
      "1789-answer",
      "cerulean",
      'm-secret"}',
      '"answerValue":"c2"',
      '"c1"]',
      "capital * 1000",
      "promo-code",
      "level-secret",
      "Paris was the answer",
      "history department",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('"check_values"'.replace("check_values", "exclude"));
  });

  it("keeps what the respondent needs: the options, the gaps, the pairs offered, the visible formula", () => {
    const byId = new Map(fields.map((f) => [f.id, f]));
    expect(byId.get("capital")?.fieldSettings.answerVariants?.map((v) => v.title)).toEqual(["Paris", "Lyon"]);
    expect(byId.get("gaps")?.fieldSettings.gapText).toBe("The sky is [[]].");
    expect(byId.get("pairs")?.fieldSettings.matches).toHaveLength(2);
    expect(byId.get("shown_total")?.fieldSettings.formula).toBe("year + 1");
    const order = byId.get("order")?.fieldSettings.answerVariants?.map((v) => v.id);
    expect(order).not.toEqual(["a", "b", "c", "d", "e", "f"]);
    expect([...(order ?? [])].sort()).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("shows an unscored ranking in the order it was written: only a checked one's order is its answer", () => {
    const survey = ZElement.parse({
      id: "likes",
      fieldType: "sortable",
      fieldSettings: {
        answerVariants: ["a", "b", "c", "d", "e", "f"].map((id) => variant(id, `Topic ${id}`)),
      },
    });
    const [shownSurvey] = publicFields([survey]);
    const written = shownSurvey?.fieldSettings.answerVariants?.map((v) => v.id);
    expect(written).toEqual(["a", "b", "c", "d", "e", "f"]);
    const [quizRanking] = publicFields([{ ...survey, calcSettings: marked }]);
    const checked = quizRanking?.fieldSettings.answerVariants;
    expect(checked?.map((v) => v.id)).not.toEqual(written);
  });

  it("accepts in the browser what the server accepts, and the server still marks with the whole form", () => {
    const answers = [
      { fieldId: "capital", answer: "paris" },
      { fieldId: "gaps", answer: ["cerulean"] },
      { fieldId: "grid", answer: { r1: "c2" } },
    ];
    expect(validateSubmission(fields, answers).errors).toEqual([]);
    expect(validateSubmission(quiz, answers).errors).toEqual([]);
    const byField = Object.fromEntries(answers.map((a) => [a.fieldId, a.answer]));
    expect(scoreSubmission(settings, quiz, byField).fieldScores.capital).toBe(9);
    expect(scoreSubmission(settings, fields, byField).total).toBe(0);
  });

  it("marks the formulas that read the marking as computed when sent, and sends none of their expressions", () => {
    const elements = [
      {
        id: "capital",
        fieldType: "radio",
        formulaName: "capital",
        calcSettings: marked,
        fieldSettings: { answerVariants: [variant("paris", "Paris", true), variant("lyon", "Lyon")] },
      },
      {
        id: "band",
        fieldType: "radio",
        formulaName: "band",
        calcSettings: marked,
        fieldSettings: {
          answerVariants: [variant("a", "A", true, { value: "1" }), variant("b", "B", false, { value: "2" })],
        },
      },
      { id: "qty", fieldType: "number", formulaName: "qty", calcSettings: marked },
      {
        id: "typed",
        fieldType: "text",
        formulaName: "typed",
        calcSettings: marked,
        fieldSettings: { answerVariants: [variant("t42", "42", true, { value: "42" })] },
      },
      {
        id: "unvalued",
        fieldType: "radio",
        formulaName: "unvalued",
        calcSettings: marked,
        fieldSettings: {
          answerVariants: [variant("x", "X", true, { value: "" }), variant("y", "Y", false, { value: "" })],
        },
      },
      ...[
        ["points", "score"],
        ["doubled", "points * 2"],
        ["guessed", "capital"],
        ["count", "qty * 2"],
        ["chosen", "band + qty"],
        ["typedNumber", "typed"],
        ["blankValues", "unvalued"],
      ].map(([name, formula]) => ({
        id: name,
        fieldType: "formula",
        formulaName: name,
        fieldSettings: { formula },
      })),
    ].map((element) => ZElement.parse(element));
    const shown = new Map(publicFields(elements).map((element) => [element.id, element.fieldSettings]));
    // A text's correct answer is no option chosen: it is counted by its points.
    for (const later of ["points", "doubled", "guessed", "typedNumber"]) {
      expect(shown.get(later)).toMatchObject({ formulaAfterSending: true });
      expect(shown.get(later)?.formula).toBeUndefined();
    }
    // Numbers and options' own values are the respondent's to see counted.
    expect(shown.get("count")).toMatchObject({ formula: "qty * 2" });
    expect(shown.get("chosen")).toMatchObject({ formula: "band + qty" });
    expect(shown.get("count")?.formulaAfterSending).toBeUndefined();
    // Blank values count as 0 on the server too: nothing to wait for.
    expect(shown.get("blankValues")).toMatchObject({ formula: "unvalued" });
  });
});
