import type { TElement } from "./element-schema.ts";
import { isAnswerable } from "./field-registry.ts";
import type { TFormSettings } from "./form-schema.ts";
import { seededShuffle } from "./random.ts";

/** The default count when only some questions are shown (forms.md §4, §9). */
export const DEFAULT_QUESTION_COUNT = 3;

/**
 * The elements one respondent sees: questions in the form's order or shuffled by a seed (the
 * same respondent sees the same order again), and only N of them when the form shows a part.
 * Elements that are not questions keep their places.
 */
function selectQuestions(
  elements: readonly TElement[],
  settings: Pick<TFormSettings, "questionsOrder" | "questionsOutputting">,
  seed: string,
): TElement[] {
  const ordered = [...elements].sort((a, b) => a.fieldOrder - b.fieldOrder);
  const questions = ordered.filter(isAnswerable);
  const arranged = settings.questionsOrder === "random" ? seededShuffle(questions, seed) : questions;
  const count = settings.questionsOutputting === "all" ? arranged.length : settings.questionsOutputting;
  const chosen = arranged.slice(0, count);
  const queue = [...chosen];
  // Questions fill the slots questions had, in the arranged order; the rest stay put.
  return ordered.flatMap((element) => {
    if (!isAnswerable(element)) return [element];
    const next = queue.shift();
    return next ? [next] : [];
  });
}

/** Where a submission's miscData carries the seed its questions were chosen and ordered with. */
export const QUESTION_SEED_KEY = "questionSeed";

/**
 * The form as one respondent meets it, the order written into fieldOrder: the browser cuts its
 * pages from this, and the server checks the answers against the same questions.
 */
export function arrangeQuestions(
  elements: readonly TElement[],
  settings: Pick<TFormSettings, "questionsOrder" | "questionsOutputting">,
  seed: string,
): TElement[] {
  return selectQuestions(elements, settings, seed).map((element, index) => ({
    ...element,
    fieldOrder: index,
  }));
}

/** Switching to "all" clears the count; switching to a part starts at 3 (forms.md §4). */
export function setQuestionsOutputting(
  mode: "all" | "part",
  count?: number,
): TFormSettings["questionsOutputting"] {
  return mode === "all" ? "all" : Math.max(1, Math.floor(count ?? DEFAULT_QUESTION_COUNT));
}
