import { checksAnswer } from "./correct-answer.ts";
import type { TElement } from "./element-schema.ts";
import { fieldTypes, isAnswerable } from "./field-registry.ts";
import { variantsOf } from "./field-types/choice.ts";
import type { TFormSettings } from "./form-schema.ts";
import { evaluateFormula, type Formula, formulaVariables, parseFormula } from "./formula.ts";
import type { StoredAnswer } from "./submission.ts";

export type ScoringSettings = Pick<
  TFormSettings,
  | "resultType"
  | "resultsHandlingPassedFailed"
  | "resultsHandlingGradation"
  | "resultsHandlingGradationCategories"
  | "cursorOutActions"
>;

export type ResultOutcome =
  | { view: "passed_failed"; passed: boolean; brief: string; detailed: string }
  | { view: "gradations"; gradationId: string | null; brief: string; detailed: string; hiddenValue: string }
  | {
      view: "categories";
      categories: Array<{
        id: string;
        title: string;
        score: number;
        brief: string;
        detailed: string;
        hiddenValue: string;
      }>;
    };

export interface ScoreReport {
  total: number;
  maxScore: number;
  fieldScores: Record<string, number>;
  /** Formula fields by formula name; null where the expression could not be computed. */
  formulas: Record<string, number | null>;
  categoryScores: Record<string, number>;
  /** Points taken off for leaving the form's window more often than allowed. */
  cursorOutPenalty: number;
  result: ResultOutcome;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function parsedAnswer(element: TElement, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const definition = fieldTypes[element.fieldType];
  if (value === undefined || value === null || !definition.answerSchema) return { ok: false };
  const parsed = definition.answerSchema.safeParse(value);
  if (!parsed.success || definition.isEmpty(parsed.data)) return { ok: false };
  return { ok: true, value: parsed.data };
}

/** The variables a formula field's expression reads; none when it does not parse. */
function formulaReadsOf(element: TElement): Set<string> {
  try {
    return formulaVariables(parseFormula(element.fieldSettings.formula ?? "0"));
  } catch {
    return new Set();
  }
}

/** Points for one element: notEmptyScore for any answer, plus points × correctness where the answer is checked. */
export function fieldScore(element: TElement, value: unknown): { score: number; max: number } {
  if (!isAnswerable(element) || element.isNotCalculable) return { score: 0, max: 0 };
  const { notEmptyScore, points } = element.calcSettings;
  const checked = checksAnswer(element);
  const max = notEmptyScore + (checked ? points : 0);
  const answer = parsedAnswer(element, value);
  if (!answer.ok) return { score: 0, max };
  const correctness = checked ? (fieldTypes[element.fieldType].correctness?.(element, answer.value) ?? 0) : 0;
  return { score: round(notEmptyScore + points * correctness), max };
}

/** The number a formula sees for a field: its number, its chosen options' values, else its score. */
function numericValue(element: TElement, value: unknown, score: number): number {
  if (typeof value === "number") return value;
  const values = new Map(variantsOf(element).map((v) => [v.id, Number(v.value)]));
  const chosen = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  const numbers = chosen
    .map((id) => values.get(String(id)))
    .filter((n): n is number => n !== undefined && Number.isFinite(n));
  return numbers.length > 0 ? numbers.reduce((a, b) => a + b, 0) : score;
}

/** Formula fields in dependency order; one that depends on itself (directly or not) is null. */
function computeFormulas(
  elements: readonly TElement[],
  variables: Record<string, number>,
): Record<string, number | null> {
  const formulas = new Map<string, Formula | null>();
  for (const element of elements) {
    if (element.fieldType !== "formula" || !element.formulaName) continue;
    try {
      formulas.set(element.formulaName, parseFormula(element.fieldSettings.formula ?? "0"));
    } catch {
      formulas.set(element.formulaName, null);
    }
  }
  const results: Record<string, number | null> = {};
  const visiting = new Set<string>();
  const resolve = (name: string): number | null => {
    if (name in results) return results[name] ?? null;
    const tree = formulas.get(name);
    if (!tree) {
      results[name] = null;
      return null;
    }
    if (visiting.has(name)) return null;
    visiting.add(name);
    const scope = { ...variables };
    for (const used of formulaVariables(tree)) {
      if (formulas.has(used)) scope[used] = resolve(used) ?? Number.NaN;
    }
    visiting.delete(name);
    results[name] = evaluateFormula(tree, scope);
    return results[name] ?? null;
  };
  for (const name of formulas.keys()) resolve(name);
  return results;
}

/**
 * For each formula field among `readable`, the fields outside it whose answers its value shows:
 * those it reads by their formula names, directly or through other formulas, and, where it reads
 * the total score, every scored field outside `readable`.
 */
export function formulaSourcesBeyond(
  elements: readonly TElement[],
  readable: ReadonlySet<string>,
): Map<string, Set<string>> {
  const byName = new Map(elements.filter((e) => e.formulaName).map((e) => [e.formulaName, e]));
  const scored = elements.filter((e) => !readable.has(e.id) && fieldScore(e, undefined).max > 0);
  const sourcesOf = (name: string, visiting: Set<string>): string[] => {
    if (name === "score") return scored.map((e) => e.id);
    const element = byName.get(name);
    // An unknown variable counts as 0; a formula met again in its own chain is computed as none.
    if (!element || visiting.has(name)) return [];
    if (!readable.has(element.id)) return [element.id];
    if (element.fieldType !== "formula") return [];
    const read = formulaReadsOf(element);
    visiting.add(name);
    const found = [...read].flatMap((variable) => sourcesOf(variable, visiting));
    visiting.delete(name);
    return found;
  };
  return new Map(
    elements
      .filter((e) => e.fieldType === "formula" && e.formulaName && readable.has(e.id))
      .map((e) => [e.id, new Set(sourcesOf(e.formulaName, new Set()))]),
  );
}

/** Types whose answer is an option's id or a list of them: a formula reads their options' numbers. */
const CHOSEN_IDS: ReadonlySet<string> = new Set([
  "radio",
  "select",
  "checkbox",
  "multipleChoice",
  "imageChoice",
  "sortable",
]);

/**
 * Whether the number a formula reads for a question (numericValue) may be its score: it can have
 * points, and its answer is no number of its own nor options that each carry a number (a blank
 * value counts as 0; an Other answer, which carries none, is counted by its score).
 */
function countedByScore(element: TElement): boolean {
  if (fieldScore(element, undefined).max === 0) return false;
  // A type whose answer is a number is read as that number once answered (none answered: 0 either way).
  if (fieldTypes[element.fieldType].answerSchema?.safeParse(1).success) return false;
  if (!CHOSEN_IDS.has(element.fieldType)) return true;
  const variants = variantsOf(element);
  const valued = variants.length > 0 && variants.every((variant) => Number.isFinite(Number(variant.value)));
  return (
    !valued || (element.fieldSettings.hasOtherVariant === true && element.calcSettings.notEmptyScore > 0)
  );
}

/**
 * The formulas (by formula name) whose values read how answers are marked: the total score, or a
 * question counted by its score, directly or through other formulas. A respondent's page is not
 * sent the marking, so it cannot compute them; the server does when the form is sent.
 */
export function formulasReadingMarking(elements: readonly TElement[]): Set<string> {
  const byName = new Map(elements.filter((e) => e.formulaName).map((e) => [e.formulaName, e]));
  const scored = elements.some((e) => fieldScore(e, undefined).max > 0);
  const known = new Map<string, boolean>();
  const reads = (name: string, visiting: Set<string>): boolean => {
    if (name === "score") return scored;
    const element = byName.get(name);
    if (!element || visiting.has(name)) return false;
    if (element.fieldType !== "formula") return countedByScore(element);
    const seen = known.get(name);
    if (seen !== undefined) return seen;
    const variables = formulaReadsOf(element);
    visiting.add(name);
    const result = [...variables].some((variable) => reads(variable, visiting));
    visiting.delete(name);
    known.set(name, result);
    return result;
  };
  return new Set(
    elements
      .filter((e) => e.fieldType === "formula" && e.formulaName && reads(e.formulaName, new Set()))
      .map((e) => e.formulaName),
  );
}

/**
 * What of a question, beside its answer, makes the number a formula reads for it (its type, its
 * options' values, its points, its correct answers): the question as it is, less its wording, look
 * and place. Two questions whose parts here are equal count the same in every formula.
 */
export function formulaReadingOf(element: TElement): unknown {
  const {
    title: _title,
    question: _question,
    fieldLabel: _label,
    fieldComment: _comment,
    styleSettings: _style,
    fieldColumn: _column,
    elementCategories: _categories,
    fieldOrder: _order,
    isNew: _new,
    fieldSettings,
    ...counted
  } = element;
  const { answerVariants, questions, ...settings } = fieldSettings as Record<string, unknown>;
  const untitled = (list: unknown, words: string) =>
    Array.isArray(list)
      ? list.map((item) => {
          if (!item || typeof item !== "object") return item;
          const { [words]: _words, ...rest } = item as Record<string, unknown>;
          return rest;
        })
      : list;
  return {
    ...counted,
    fieldSettings: {
      ...settings,
      answerVariants: untitled(answerVariants, "title"),
      questions: untitled(questions, "question"),
    },
  };
}

/**
 * Every element outside `readable` whose answer or setting a formula in `readable` reads: by its
 * formula name, through any other formula (readable or not), and every scored element where one
 * reads the total score. What these count as decides what the readable formulas show.
 */
export function formulaReachBeyond(
  elements: readonly TElement[],
  readable: ReadonlySet<string>,
): Set<string> {
  const byName = new Map(elements.filter((e) => e.formulaName).map((e) => [e.formulaName, e]));
  const scored = elements.filter((e) => fieldScore(e, undefined).max > 0);
  const reached = new Set<string>();
  const pending = elements
    .filter((e) => e.fieldType === "formula" && e.formulaName && readable.has(e.id))
    .map((e) => e.formulaName);
  const visited = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (visited.has(name)) continue;
    visited.add(name);
    if (name === "score") {
      for (const element of scored) reached.add(element.id);
      continue;
    }
    const element = byName.get(name);
    if (!element) continue;
    reached.add(element.id);
    if (element.fieldType !== "formula") continue;
    pending.push(...formulaReadsOf(element));
  }
  return new Set([...reached].filter((id) => !readable.has(id)));
}

/**
 * The formula fields' values for the answers given so far, by formula name: what a respondent
 * sees while filling the form. The same numbers scoreSubmission gives, before any penalty for
 * leaving the form's window (that is only known once the form is sent).
 */
export function formulaValues(
  elements: readonly TElement[],
  answers: Readonly<Record<string, unknown>>,
): Record<string, number | null> {
  // Only formula fields have values: a form without one has nothing to score answers for.
  if (!elements.some((element) => element.fieldType === "formula" && element.formulaName)) return {};
  const variables: Record<string, number> = {};
  let total = 0;
  for (const element of elements) {
    const { score } = fieldScore(element, answers[element.id]);
    total += score;
    if (element.formulaName)
      variables[element.formulaName] = numericValue(element, answers[element.id], score);
  }
  return computeFormulas(elements, { ...variables, score: round(total) });
}

/**
 * The formula fields' values as answers to store with a submission. Only the server's numbers
 * are stored: a formula takes no answer from the respondent. Values that could not be computed
 * and formulas the rules hid are left out.
 */
export function formulaAnswers(
  elements: readonly TElement[],
  values: Readonly<Record<string, number | null>>,
  isHidden: (element: TElement) => boolean,
): StoredAnswer[] {
  const stored: StoredAnswer[] = [];
  for (const element of elements) {
    if (element.fieldType !== "formula" || !element.formulaName || isHidden(element)) continue;
    const value = values[element.formulaName];
    if (value === null || value === undefined) continue;
    stored.push({ fieldId: element.id, answer: value, formulaName: element.formulaName });
  }
  return stored;
}

function inRange(score: number, min: number, max: number) {
  return score >= min && score <= max;
}

/**
 * The range a score falls in: the one holding it, else the one whose end it passed last, by less
 * than a whole point. Partial credit gives scores like 2.5 that ranges written in whole
 * numbers (0–2, 3–4) step over: 2.5 has reached 0–2 and not yet 3–4.
 */
function rangeOf<T>(
  ranges: readonly T[],
  score: number,
  bounds: (range: T) => [number, number],
): T | undefined {
  return (
    ranges.find((range) => inRange(score, ...bounds(range))) ??
    ranges
      .filter((range) => bounds(range)[0] <= score && score < bounds(range)[1] + 1)
      .sort((a, b) => bounds(b)[1] - bounds(a)[1])[0]
  );
}

/**
 * Scores a submission of a calculation form and turns the score into the form's result view:
 * passed/failed against the passing score, the gradation the total falls in, or a level per
 * category (scored by the elements that carry the category).
 */
export function scoreSubmission(
  settings: ScoringSettings,
  elements: readonly TElement[],
  answers: Readonly<Record<string, unknown>>,
  options: { cursorOutCases?: number } = {},
): ScoreReport {
  const fieldScores: Record<string, number> = {};
  const categoryScores: Record<string, number> = {};
  const variables: Record<string, number> = {};
  let total = 0;
  let maxScore = 0;
  for (const element of elements) {
    const { score, max } = fieldScore(element, answers[element.id]);
    if (isAnswerable(element)) fieldScores[element.id] = score;
    total += score;
    maxScore += max;
    for (const category of element.elementCategories)
      categoryScores[category] = round((categoryScores[category] ?? 0) + score);
    if (element.formulaName)
      variables[element.formulaName] = numericValue(element, answers[element.id], score);
  }

  const cursor = settings.cursorOutActions;
  const cases = options.cursorOutCases ?? 0;
  const cursorOutPenalty = cursor.countCases
    ? Math.max(0, cases - cursor.allowAmount) * cursor.subtractFromResult
    : 0;
  total = round(total - cursorOutPenalty);

  return {
    total,
    maxScore: round(maxScore),
    fieldScores,
    formulas: computeFormulas(elements, { ...variables, score: total }),
    categoryScores,
    cursorOutPenalty,
    result: resultFor(settings, total, categoryScores),
  };
}

/**
 * The result a score set by hand earns: the form's result view applied to the total, each category
 * scored by its fields' points as they stand (points a reader set on a field count).
 */
export function resultForScores(
  settings: ScoringSettings,
  elements: readonly TElement[],
  total: number,
  fieldScores: Readonly<Record<string, number>>,
): ResultOutcome {
  const categoryScores: Record<string, number> = {};
  for (const element of elements) {
    const score = fieldScores[element.id];
    if (typeof score !== "number") continue;
    for (const category of element.elementCategories)
      categoryScores[category] = round((categoryScores[category] ?? 0) + score);
  }
  return resultFor(settings, total, categoryScores);
}

function resultFor(
  settings: ScoringSettings,
  total: number,
  categoryScores: Record<string, number>,
): ResultOutcome {
  switch (settings.resultType) {
    case "passed_failed": {
      const handling = settings.resultsHandlingPassedFailed;
      const passed = total >= handling.passingScore;
      const key = passed ? "passed" : "failed";
      return {
        view: "passed_failed",
        passed,
        brief: handling.briefResult[key],
        detailed: handling.detailedResult[key],
      };
    }
    case "gradations": {
      const found = rangeOf(settings.resultsHandlingGradation, total, (g) => [
        g.minScoreGradation,
        g.maxScoreGradation,
      ]);
      return {
        view: "gradations",
        gradationId: found?.id ?? null,
        brief: found?.briefResultGradation ?? "",
        detailed: found?.detailedResultGradation ?? "",
        hiddenValue: found?.hiddenValue ?? "",
      };
    }
    case "categories":
      return {
        view: "categories",
        categories: settings.resultsHandlingGradationCategories.map((category) => {
          const score = categoryScores[category.id] ?? 0;
          const level = rangeOf(category.levels, score, (l) => [l.minScore, l.maxScore]);
          return {
            id: category.id,
            title: category.title,
            score,
            brief: level?.briefResult ?? "",
            detailed: level?.detailedResult ?? "",
            hiddenValue: level?.hiddenValue ?? "",
          };
        }),
      };
  }
}
