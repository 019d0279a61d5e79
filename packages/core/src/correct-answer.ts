import type { TElement } from "./element-schema.ts";
import { fieldTypes, isAnswerable } from "./field-registry.ts";

/**
 * Types whose correct answer is the question itself (the options' written order, the gaps'
 * words, a ticked box): the author gives none apart, so such a question is checked only when
 * asked to be.
 */
const ANSWER_IN_QUESTION = new Set<TElement["fieldType"]>(["sortable", "gapText", "decisionBox"]);

/**
 * Whether the author gave the element a correct answer apart from the question: an option
 * marked correct, an accepted text or number, a row's column, a pair's partner.
 */
function givesCorrectAnswer(element: TElement): boolean {
  if (!fieldTypes[element.fieldType].correctness || ANSWER_IN_QUESTION.has(element.fieldType)) return false;
  const settings = element.fieldSettings;
  if (element.fieldType === "matrix")
    return (settings.questions ?? []).some((row) =>
      row.multiple ? row.answerMultipleValues.length > 0 : row.answerValue !== "",
    );
  const variants = settings.answerVariants ?? [];
  if (element.fieldType === "correspondence") return variants.some((variant) => variant.matchId);
  return variants.some((variant) => variant.checkValue);
}

/**
 * Whether an element's answer is checked for being right (forms.md §4): a correct answer set is
 * enough, as is the "check the answer" setting stored forms carry (and the types above need).
 * Left out of the score, or of a type core cannot check, it never is.
 */
export function checksAnswer(element: TElement): boolean {
  if (!isAnswerable(element) || element.isNotCalculable || !fieldTypes[element.fieldType].correctness)
    return false;
  return element.calcSettings.calcType === "check_values" || givesCorrectAnswer(element);
}
