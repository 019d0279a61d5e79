import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { ZFormSettings } from "./form-schema.ts";
import { evaluateFormula, FormulaError, parseFormula } from "./formula.ts";
import { checkFormulaName } from "./formula-names.ts";
import { createElement } from "./new-element.ts";
import { formulaValues, scoreSubmission } from "./scoring.ts";

const checked = { calcType: "check_values" as const, notEmptyScore: 0, points: 1 };
const el = (
  type: Parameters<typeof createElement>[0],
  id: string,
  patch: Record<string, unknown> = {},
): TElement => ZElement.parse({ ...createElement(type, id, 0), ...patch });
const correct = (ids: string[]) =>
  ["v1", "v2", "v3"].map((id, i) => ({
    id,
    title: `Variant ${i + 1}`,
    value: String(i + 1),
    checkValue: ids.includes(id),
    defaultChecked: false,
  }));

const quiz = [
  el("radio", "q1", {
    calcSettings: { ...checked, points: 2 },
    fieldSettings: { answerVariants: correct(["v2"]) },
    elementCategories: ["logic"],
  }),
  el("checkbox", "q2", {
    calcSettings: checked,
    fieldSettings: { answerVariants: correct(["v1", "v3"]) },
    elementCategories: ["logic"],
  }),
  el("matrix", "q3", {
    calcSettings: checked,
    fieldSettings: {
      answerVariants: correct([]),
      questions: [
        { id: "r1", question: "A", answerValue: "v1", answerMultipleValues: [], multiple: false },
        { id: "r2", question: "B", answerValue: "v2", answerMultipleValues: [], multiple: false },
      ],
    },
    elementCategories: ["memory"],
  }),
  el("text", "q4", {
    calcSettings: { calcType: "exclude", notEmptyScore: 0.5, points: 1 },
    elementCategories: ["memory"],
  }),
  el("text", "q5", {
    calcSettings: { calcType: "exclude", notEmptyScore: 3, points: 1 },
    isNotCalculable: true,
  }),
];
const answers = { q1: "v2", q2: ["v1"], q3: { r1: "v1", r2: "v3" }, q4: "hello", q5: "ignored" };
const settings = (patch: Record<string, unknown> = {}) =>
  ZFormSettings.parse({ type: "calculation", ...patch });

describe("scoring", () => {
  it("adds points, partial credit for multiple choice and matrix rows, and not-empty points", () => {
    const report = scoreSubmission(settings(), quiz, answers);
    // q1 2 + q2 half of 1 + q3 one row of two + q4 not-empty 0.5; q5 is not calculable.
    expect(report.fieldScores).toEqual({ q1: 2, q2: 0.5, q3: 0.5, q4: 0.5, q5: 0 });
    expect(report.total).toBe(3.5);
    expect(report.maxScore).toBe(4.5);
    expect(report.categoryScores).toEqual({ logic: 2.5, memory: 1 });
  });

  it("takes wrong choices off, never below zero", () => {
    expect(scoreSubmission(settings(), quiz, { q2: ["v1", "v2"] }).fieldScores.q2).toBe(0);
    expect(scoreSubmission(settings(), quiz, { q2: ["v2"] }).fieldScores.q2).toBe(0);
    expect(scoreSubmission(settings(), quiz, { q2: ["v1", "v3"] }).fieldScores.q2).toBe(1);
  });

  it("passed_failed compares with the passing score", () => {
    const handling = {
      passingScore: 3.5,
      briefResult: { passed: "Well done", failed: "Try again" },
      detailedResult: { passed: "All good", failed: "Read more" },
    };
    expect(
      scoreSubmission(settings({ resultsHandlingPassedFailed: handling }), quiz, answers).result,
    ).toEqual({
      view: "passed_failed",
      passed: true,
      brief: "Well done",
      detailed: "All good",
    });
    expect(
      scoreSubmission(settings({ resultsHandlingPassedFailed: handling }), quiz, { q1: "v1" }).result,
    ).toMatchObject({ passed: false, brief: "Try again" });
  });

  it("gradations pick the range the total falls in, with its hidden value", () => {
    const gradations = [
      {
        id: "low",
        minScoreGradation: 0,
        maxScoreGradation: 2,
        briefResultGradation: "Beginner",
        detailedResultGradation: "",
        hiddenValue: "L",
      },
      {
        id: "high",
        minScoreGradation: 3,
        maxScoreGradation: 10,
        briefResultGradation: "Expert",
        detailedResultGradation: "Great",
        hiddenValue: "H",
      },
    ];
    const s = settings({ resultType: "gradations", resultsHandlingGradation: gradations });
    expect(scoreSubmission(s, quiz, answers).result).toEqual({
      view: "gradations",
      gradationId: "high",
      brief: "Expert",
      detailed: "Great",
      hiddenValue: "H",
    });
    expect(scoreSubmission(s, quiz, {}).result).toMatchObject({ gradationId: "low", hiddenValue: "L" });
    // 2.5 lies between ranges written in whole numbers: it has reached 0–2 and not yet 3–10.
    expect(scoreSubmission(s, quiz, { q1: "v2", q4: "x" })).toMatchObject({
      total: 2.5,
      result: { gradationId: "low", brief: "Beginner" },
    });
    // Past a range by a whole point or more, and short of the next, no range is reached.
    const apart = settings({
      resultType: "gradations",
      resultsHandlingGradation: [
        { ...gradations[0]!, maxScoreGradation: 1 },
        { ...gradations[1]!, minScoreGradation: 4 },
      ],
    });
    expect(scoreSubmission(apart, quiz, { q1: "v2", q4: "x" }).result).toMatchObject({
      gradationId: null,
      brief: "",
    });
  });

  it("categories give each category the level its own score reaches", () => {
    const categories = [
      {
        id: "logic",
        title: "Logic",
        levels: [
          { minScore: 0, maxScore: 2, briefResult: "Weak" },
          { minScore: 2.5, maxScore: 3, briefResult: "Strong", hiddenValue: "S" },
        ],
      },
      { id: "memory", title: "Memory", levels: [{ minScore: 0, maxScore: 5, briefResult: "Fine" }] },
    ];
    const report = scoreSubmission(
      settings({ resultType: "categories", resultsHandlingGradationCategories: categories }),
      quiz,
      answers,
    );
    expect(report.result).toEqual({
      view: "categories",
      categories: [
        { id: "logic", title: "Logic", score: 2.5, brief: "Strong", detailed: "", hiddenValue: "S" },
        { id: "memory", title: "Memory", score: 1, brief: "Fine", detailed: "", hiddenValue: "" },
      ],
    });
  });

  it("subtracts points for each cursor-out case beyond the allowed amount", () => {
    const s = settings({ cursorOutActions: { countCases: true, subtractFromResult: 0.5, allowAmount: 1 } });
    expect(scoreSubmission(s, quiz, answers, { cursorOutCases: 3 })).toMatchObject({
      total: 2.5,
      cursorOutPenalty: 1,
    });
    expect(scoreSubmission(s, quiz, answers, { cursorOutCases: 1 }).cursorOutPenalty).toBe(0);
    expect(scoreSubmission(settings(), quiz, answers, { cursorOutCases: 9 }).cursorOutPenalty).toBe(0);
  });
});

describe("formulas", () => {
  const fields = [
    el("number", "n1", { formulaName: "age" }),
    el("radio", "r1", { formulaName: "pick" }),
    el("formula", "f1", { formulaName: "double", fieldSettings: { formula: "age * 2 + pick" } }),
    el("formula", "f2", {
      formulaName: "bonus",
      fieldSettings: { formula: "double > 50 ? max(double, 100) : round(double / 3, 1)" },
    }),
    el("formula", "f3", { formulaName: "loopA", fieldSettings: { formula: "loopB + 1" } }),
    el("formula", "f4", { formulaName: "loopB", fieldSettings: { formula: "loopA + 1" } }),
    el("formula", "f5", { formulaName: "bad", fieldSettings: { formula: "constructor.constructor('x')()" } }),
  ];

  it("computes formula fields from answers and other formulas, in dependency order", () => {
    const report = scoreSubmission(settings(), fields, { n1: 30, r1: "v3" });
    expect(report.formulas.double).toBe(63);
    expect(report.formulas.bonus).toBe(100);
    expect(scoreSubmission(settings(), fields, { n1: 4, r1: "v1" }).formulas.bonus).toBe(3);
  });

  it("gives the live values a respondent sees: the same as the scored submission's", () => {
    const answers = { n1: 30, r1: "v3" };
    const live = formulaValues(fields, answers);
    expect(live).toEqual(scoreSubmission(settings(), fields, answers).formulas);
    expect(live.double).toBe(63);
    expect(formulaValues(fields, { n1: 4 }).double).toBe(8);
    expect(formulaValues(fields, {}).double).toBe(0);
  });

  it("lets a live formula read the score of the answers so far", () => {
    const marked = [
      ...quiz,
      el("formula", "live", { formulaName: "percent", fieldSettings: { formula: "score * 10" } }),
    ];
    expect(formulaValues(marked, { q1: "v2" }).percent).toBe(20);
  });

  it("gives null for a formula that depends on itself or uses what is not allowed", () => {
    const report = scoreSubmission(settings(), fields, { n1: 1 });
    expect(report.formulas.loopA).toBeNull();
    expect(report.formulas.bad).toBeNull();
  });

  it.each(["a.b", "x = 1", "a; b", "'text'", "alert(1)", "this", "[1,2]"])("refuses %s", (text) => {
    expect(() => parseFormula(text)).toThrow(FormulaError);
  });

  it("parses or refuses any text with a FormulaError, and evaluates to a number or null", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          const value = evaluateFormula(parseFormula(text), { a: 1, b: 2 });
          expect(value === null || Number.isFinite(value)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(FormulaError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("formula names", () => {
  const fields = [el("text", "a", { formulaName: "taken" }), el("text", "b")];
  it.each([
    ["", "formula_name.required"],
    ["1abc", "formula_name.format"],
    ["has space", "formula_name.format"],
    ["max", "formula_name.reserved"],
    ["Constructor", "formula_name.reserved"],
    ["taken", "formula_name.not_unique"],
    ["fine_name2", null],
  ])("%j → %s", (name, code) => {
    expect(checkFormulaName(name, fields[1]!, fields)).toBe(code);
  });
});

describe("formula names in a form", () => {
  it("are checked when the elements are read", async () => {
    const { ZElements } = await import("./element-schema.ts");
    const codes = (elements: unknown[]) =>
      ZElements.safeParse(elements).error?.issues.map((i) => i.message) ?? [];
    expect(codes([{ id: "a", fieldType: "text", formulaName: "max" }])).toEqual(["formula_name.reserved"]);
    expect(codes([{ id: "f", fieldType: "formula" }])).toEqual(["formula_name.required"]);
    expect(
      codes([
        { id: "a", fieldType: "text", formulaName: "x" },
        { id: "b", fieldType: "number", formulaName: "x" },
      ]),
    ).toEqual(["formula_name.not_unique", "formula_name.not_unique"]);
    expect(
      codes([
        { id: "a", fieldType: "text" },
        { id: "b", fieldType: "text", formulaName: "ok_1" },
      ]),
    ).toEqual([]);
  });
});

describe("one element's problems", () => {
  it("are its schema's first, then its formula name's among the others, not counting its older self", async () => {
    const { elementIssues, ownElementIssues } = await import("./element-schema.ts");
    const messages = (issues: { message: string; path: PropertyKey[] }[]) =>
      issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    const named = el("number", "b", { formulaName: "x" });
    const older = el("number", "b", { formulaName: "y" });
    const other = el("text", "a", { formulaName: "x" });
    expect(ownElementIssues(named)).toEqual([]);
    expect(messages(elementIssues(named, [older]))).toEqual([]);
    expect(messages(elementIssues(named, [other, older]))).toEqual(["formulaName: formula_name.not_unique"]);
    // Its own problems kept from before give the same answer.
    expect(messages(elementIssues(named, [other, older], []))).toEqual([
      "formulaName: formula_name.not_unique",
    ]);
    // A broken element is reported by its schema alone, its formula name not looked at.
    const broken = { ...named, fieldType: "no-such-type" } as unknown as TElement;
    const own = ownElementIssues(broken);
    expect(own.length).toBeGreaterThan(0);
    expect(elementIssues(broken, [other])).toEqual(own);
    expect(elementIssues(broken, [other], own)).toEqual(own);
    expect(messages(elementIssues(el("formula", "f"), []))).toEqual(["formulaName: formula_name.required"]);
  });
});

describe("one element's own problems after a change", () => {
  it("are what parsing the whole element finds, parsing only the settings that changed", async () => {
    const { FIELD_TYPES, ownElementIssues, ownElementIssuesSince } = await import("./element-schema.ts");
    const sorted = (issues: { path: PropertyKey[]; message: string; code: string }[]) =>
      issues.map((i) => `${i.path.map(String).join(".")} ${i.code} ${i.message}`).sort();
    // Values of every kind for a few settings: sound ones, wrong types, out of bounds.
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constant("x".repeat(5001)),
      fc.boolean(),
      fc.integer({ min: -5, max: 5 }),
      fc.constant(null),
      fc.record({ maxRating: fc.integer({ min: -3, max: 30 }) }),
      fc.record({
        min: fc.oneof(fc.integer(), fc.constant(Number.NaN)),
        step: fc.integer({ min: -2, max: 2 }),
      }),
    );
    const keys = fc.constantFrom(
      "question",
      "title",
      "isHidden",
      "fieldSettings",
      "validationSettings",
      "fieldColumn",
      "elementCategories",
    );
    const patch = fc.dictionary(keys, value, { maxKeys: 3 });
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_TYPES), patch, patch, (type, first, second) => {
        const base = { ...el(type, "a"), ...first } as TElement;
        const next = { ...base, ...second } as TElement;
        const since = ownElementIssuesSince(next, base, ownElementIssues(base));
        expect(sorted(since)).toEqual(sorted(ownElementIssues(next)));
      }),
      { numRuns: 300 },
    );
  });
});
