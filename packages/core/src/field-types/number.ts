import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { checkRange } from "./numeric.ts";
import { questionDefaults } from "./text-like.ts";

/**
 * The number a correct answer of a number question stands for: the answer as the author wrote
 * it, or else its value. The builder once kept a value apart ("1", "2"…) beside the answer typed
 * ("7"), and the question was marked against that value.
 */
export function correctNumber(variant: { title: string; value: string }): number | null {
  for (const text of [variant.title, variant.value]) {
    const trimmed = text.trim().replace(",", ".");
    const number = Number(trimmed);
    if (trimmed !== "" && Number.isFinite(number)) return number;
  }
  return null;
}

export const number = defineFieldType<number | null>({
  category: "field",
  label: "Number",
  createDefault: questionDefaults,
  answerSchema: z.nullable(z.number()),
  isEmpty: (answer) => answer === null,
  validate: (element, answer) => (answer === null ? null : checkRange(element, answer)),
  correctness: (element, answer) =>
    answer !== null &&
    (element.fieldSettings.answerVariants ?? []).some((v) => v.checkValue && correctNumber(v) === answer)
      ? 1
      : 0,
  toText: (element, answer) => {
    if (answer === null) return "";
    const text = String(answer);
    return element.fieldSettings.numberFormat === "comma" ? text.replace(".", ",") : text;
  },
});
