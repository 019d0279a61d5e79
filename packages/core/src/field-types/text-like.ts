import { z } from "zod/mini";
import { DEFAULT_TEXTS } from "../defaults.ts";
import type { TElement } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";
import { defineFieldType, type FieldTypeDefinition } from "./definition.ts";

/** A string answer with a hard upper bound on its size. */
export const textAnswer = z.string().check(z.maxLength(100_000));

/** The spec's texts of a new question (forms.md §9). */
export function questionDefaults() {
  return {
    question: DEFAULT_TEXTS.newQuestion,
    fieldComment: DEFAULT_TEXTS.fieldComment,
    fieldLabel: DEFAULT_TEXTS.fieldLabel,
  };
}

function checkLength(element: TElement, answer: string): MessageCode | null {
  const { minLength, maxLength } = element.validationSettings;
  if (maxLength !== undefined && answer.length > maxLength) return "answer.too_long";
  if (minLength !== undefined && answer.trim().length < minLength) return "answer.too_short";
  return null;
}

export const isBlank = (answer: string) => answer.trim() === "";

/** Correct when the text equals one of the options marked correct (case and outer spaces aside). */
function textCorrectness(element: TElement, answer: string): number {
  const expected = (element.fieldSettings.answerVariants ?? [])
    .filter((v) => v.checkValue)
    .map((v) => v.title.trim().toLowerCase());
  return expected.includes(answer.trim().toLowerCase()) ? 1 : 0;
}

/** A one-string answer type: free text, with an optional format check. */
export function stringField(
  label: string,
  format?: (answer: string) => MessageCode | null,
  overrides: Partial<FieldTypeDefinition<string>> = {},
) {
  return defineFieldType<string>({
    category: "field",
    label,
    createDefault: questionDefaults,
    answerSchema: textAnswer,
    isEmpty: isBlank,
    validate: (element, answer) => checkLength(element, answer) ?? format?.(answer.trim()) ?? null,
    correctness: textCorrectness,
    toText: (_element, answer) => answer,
    ...overrides,
  });
}
