import type { TAnswerVariant, TElement } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { correctNumber } from "@formloom/core/field-types/number";
import type { TFormSettings } from "@formloom/core/form-schema";
import { formulaVariables, parseFormula } from "@formloom/core/formula";
import type { TGradation, TResultCategory } from "@formloom/core/result-schema";
import { fieldScore, type ScoreReport, type ScoringSettings, scoreSubmission } from "@formloom/core/scoring";

/** The form settings the "Result calculations" tab edits. */
export type ResultSettings = Pick<
  TFormSettings,
  | "type"
  | "resultType"
  | "resultsHandlingPassedFailed"
  | "resultsHandlingGradation"
  | "resultsHandlingGradationCategories"
>;

/**
 * How the correct answer of a scorable element is given (core's `correctness` reads it):
 * options marked correct, accepted texts or numbers, a column per matrix row, a partner per
 * matching pair, the options' own order, the words in a gap text, or a ticked box.
 */
export type CorrectAnswerKind =
  | "oneOption"
  | "someOptions"
  | "texts"
  | "numbers"
  | "matrix"
  | "pairs"
  | "order"
  | "gaps"
  | "ticked";

const KINDS: Partial<Record<TElement["fieldType"], CorrectAnswerKind>> = {
  radio: "oneOption",
  select: "oneOption",
  checkbox: "someOptions",
  multipleChoice: "someOptions",
  number: "numbers",
  matrix: "matrix",
  correspondence: "pairs",
  sortable: "order",
  gapText: "gaps",
  decisionBox: "ticked",
};

/** The way to give an element's correct answer, or null when core cannot check its answers. */
export function correctAnswerKind(element: TElement): CorrectAnswerKind | null {
  if (!isAnswerable(element) || !fieldTypes[element.fieldType].correctness) return null;
  if (element.fieldType === "imageChoice")
    return element.fieldSettings.multiple ? "someOptions" : "oneOption";
  return KINDS[element.fieldType] ?? "texts";
}

/**
 * Kinds whose correct answer is the question itself: nothing apart marks it, so the author says
 * whether to check it (core's checksAnswer counts every other kind once a correct answer is set).
 */
export const answerInQuestion = (kind: CorrectAnswerKind | null) =>
  kind === "order" || kind === "gaps" || kind === "ticked";

/**
 * Sets the points for a right answer. Where the question itself is the answer, setting them is
 * how the author asks for it to be checked; elsewhere the correct answer set does that.
 */
export function withPoints(element: TElement, points: number): Partial<TElement> {
  const calcType = answerInQuestion(correctAnswerKind(element))
    ? "check_values"
    : element.calcSettings.calcType;
  return { calcSettings: { ...element.calcSettings, points, calcType } };
}

/** Elements that take an answer and so may score: points for any answer, and maybe for a right one. */
export const scorableElements = (fields: readonly TElement[]) => fields.filter(isAnswerable);

/** Formula fields compute a number from other fields' formula names. */
export const formulaElements = (fields: readonly TElement[]) =>
  fields.filter((field) => field.fieldType === "formula");

const variants = (element: TElement) => element.fieldSettings.answerVariants ?? [];

/** Marks one option correct (one-answer questions) or toggles it (several answers). */
export function markCorrect(element: TElement, variantId: string, correct: boolean): Partial<TElement> {
  const only = correctAnswerKind(element) === "oneOption";
  const answerVariants = variants(element).map((variant) => ({
    ...variant,
    checkValue: variant.id === variantId ? correct : only && correct ? false : variant.checkValue,
  }));
  return { fieldSettings: { ...element.fieldSettings, answerVariants } };
}

/** Accepted answers of a text or number question: its options marked correct. */
export function acceptedAnswers(element: TElement): string[] {
  const numeric = element.fieldType === "number";
  return variants(element)
    .filter((variant) => variant.checkValue)
    .map((variant) => (numeric ? String(correctNumber(variant) ?? variant.value) : variant.title));
}

/**
 * Sets the accepted answers of a text or number question. Numbers that do not read as numbers
 * are dropped; repeats are kept once.
 */
export function withAcceptedAnswers(element: TElement, answers: readonly string[]): Partial<TElement> {
  const numeric = element.fieldType === "number";
  const cleaned = [
    ...new Set(
      answers
        .map((answer) => (numeric ? answer.trim().replace(",", ".") : answer.trim()))
        .filter((answer) => answer !== "" && (!numeric || Number.isFinite(Number(answer)))),
    ),
  ];
  const answerVariants: TAnswerVariant[] = cleaned.map((answer, index) => ({
    id: `a${index + 1}`,
    title: answer,
    value: numeric ? String(Number(answer)) : answer,
    checkValue: true,
    defaultChecked: false,
  }));
  return { fieldSettings: { ...element.fieldSettings, answerVariants } };
}

/** Sets the correct column(s) of one matrix row. */
export function withMatrixAnswer(
  element: TElement,
  rowId: string,
  value: string | readonly string[],
): Partial<TElement> {
  const questions = (element.fieldSettings.questions ?? []).map((row) =>
    row.id !== rowId
      ? row
      : typeof value === "string"
        ? { ...row, answerValue: value }
        : { ...row, answerMultipleValues: [...value] },
  );
  return { fieldSettings: { ...element.fieldSettings, questions } };
}

/** Sets the right-hand partner of one left-hand option of a matching-pairs question. */
export function withPair(element: TElement, variantId: string, matchId: string | null): Partial<TElement> {
  const answerVariants = variants(element).map((variant) => {
    if (variant.id !== variantId) return variant;
    const { matchId: _old, ...rest } = variant;
    return matchId ? { ...rest, matchId } : rest;
  });
  return { fieldSettings: { ...element.fieldSettings, answerVariants } };
}

/** Whether an element's correct answer is given at all (a question marked checked without one scores nothing). */
export function hasCorrectAnswer(element: TElement): boolean {
  const settings = element.fieldSettings;
  switch (correctAnswerKind(element)) {
    case "oneOption":
    case "someOptions":
    case "texts":
    case "numbers":
      return variants(element).some((variant) => variant.checkValue);
    case "matrix":
      return (settings.questions ?? []).some((row) =>
        row.multiple ? row.answerMultipleValues.length > 0 : row.answerValue !== "",
      );
    case "pairs":
      return variants(element).some((variant) => variant.matchId);
    case "order":
      return variants(element).length > 0;
    case "gaps":
      return /\[\[.*?\]\]/.test(settings.gapText ?? "");
    case "ticked":
      return true;
    default:
      return false;
  }
}

const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** forms.md §4: adding a gradation or a category makes an empty item. */
export const emptyGradation = () => ({
  id: newId("g"),
  minScoreGradation: 0,
  maxScoreGradation: 0,
  briefResultGradation: "",
  detailedResultGradation: "",
  hiddenValue: "",
});

export const emptyCategory = (): TResultCategory => ({ id: newId("c"), title: "", levels: [] });

export const emptyLevel = () => ({
  minScore: 0,
  maxScore: 0,
  briefResult: "",
  detailedResult: "",
  hiddenValue: "",
});

/** Nothing taken off in the builder's trial: leaving the window is only counted on the real page. */
const NO_CURSOR_OUT = {
  countCases: false,
  showWarningPopup: false,
  subtractFromResult: 0,
  allowAmount: 0,
  sendForm: false,
};

/** The score core gives the preview's answers, as the server will give it on sending. */
export function tryItScore(
  settings: Omit<ScoringSettings, "cursorOutActions">,
  fields: readonly TElement[],
  answers: Readonly<Record<string, unknown>>,
): ScoreReport {
  return scoreSubmission({ ...settings, cursorOutActions: NO_CURSOR_OUT }, fields, answers);
}

/** The most a category's questions can give together: its levels are held against it. */
export function categoryHighest(fields: readonly TElement[], categoryId: string): number {
  const total = fields
    .filter((field) => field.elementCategories.includes(categoryId))
    .reduce((sum, field) => sum + fieldScore(field, undefined).max, 0);
  return Math.round(total * 1e6) / 1e6;
}

/** Whole scores from 0 to the highest possible that no gradation takes, as ranges. */
export function scoresWithoutGradation(
  gradations: readonly TGradation[],
  highest: number,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  // A score beyond thousands is no quiz a person lists scores of; the check stays quick.
  const top = Math.min(Math.floor(highest), 10_000);
  for (let score = 0; score <= top; score++) {
    if (gradations.some((g) => score >= g.minScoreGradation && score <= g.maxScoreGradation)) continue;
    const last = ranges.at(-1);
    if (last && last[1] === score - 1) last[1] = score;
    else ranges.push([score, score]);
  }
  return ranges;
}

/** What is wrong with a formula's expression: unreadable, or naming fields the form lacks. */
export function formulaProblem(
  expression: string,
  fields: readonly TElement[],
): { kind: "syntax" } | { kind: "unknown"; names: string[] } | null {
  let tree: ReturnType<typeof parseFormula>;
  try {
    tree = parseFormula(expression.trim() === "" ? "0" : expression);
  } catch {
    return { kind: "syntax" };
  }
  const known = new Set(["score", ...fields.map((field) => field.formulaName).filter(Boolean)]);
  const names = [...formulaVariables(tree)].filter((name) => !known.has(name));
  return names.length > 0 ? { kind: "unknown", names } : null;
}
