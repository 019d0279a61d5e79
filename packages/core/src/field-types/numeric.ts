import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** Within the element's min and max (or the given defaults), and on its step when it has one. */
export function checkRange(
  element: TElement,
  answer: number,
  fallback: { min?: number; max?: number } = {},
): MessageCode | null {
  const min = element.validationSettings.min ?? fallback.min;
  const max = element.validationSettings.max ?? fallback.max;
  if ((min !== undefined && answer < min) || (max !== undefined && answer > max))
    return "answer.number_out_of_range";
  const step = element.validationSettings.step;
  if (step !== undefined) {
    const steps = (answer - (min ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return "answer.invalid";
  }
  return null;
}

/** A number on a bounded scale (slider, NPS, rating, scoring). */
export function scaleField(
  label: string,
  bounds: (element: TElement) => { min: number; max: number },
  integer = true,
) {
  return defineFieldType<number | null>({
    category: "field",
    label,
    createDefault: questionDefaults,
    answerSchema: z.nullable(integer ? z.int() : z.number()),
    isEmpty: (answer) => answer === null,
    validate: (element, answer) => (answer === null ? null : checkRange(element, answer, bounds(element))),
    toText: (_element, answer) => (answer === null ? "" : String(answer)),
  });
}
