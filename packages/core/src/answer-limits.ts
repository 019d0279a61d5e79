import { RESPONDENT_TEXTS } from "./defaults.ts";
import type { TElement } from "./element-schema.ts";

/** A respondent text with its numbers, to be translated into the form's language. */
export interface AnswerLimit {
  text: string;
  numbers: Record<string, number>;
}

function bounds(
  min: number | undefined,
  max: number | undefined,
  texts: readonly [string, string, string],
): AnswerLimit | null {
  const [fromTo, atLeast, atMost] = texts;
  if (min !== undefined && max !== undefined) return { text: fromTo, numbers: { min, max } };
  if (min !== undefined) return { text: atLeast, numbers: { min } };
  if (max !== undefined) return { text: atMost, numbers: { max } };
  return null;
}

/**
 * The limit set on a question that an error's code speaks of ("the answer is too long": at most
 * 200 characters), so a respondent learns what to change, not only that something is wrong. Null
 * when the error is of another kind or the question sets no such limit.
 */
export function answerLimit(element: TElement, code: string): AnswerLimit | null {
  const t = RESPONDENT_TEXTS;
  const { validationSettings: check, fieldSettings: settings } = element;
  switch (code) {
    case "answer.number_out_of_range":
      return bounds(check.min, check.max, [t.limitFromTo, t.limitAtLeast, t.limitAtMost]);
    case "answer.too_long":
      return check.maxLength === undefined
        ? null
        : { text: t.limitCharactersAtMost, numbers: { max: check.maxLength } };
    case "answer.too_short":
      return check.minLength === undefined
        ? null
        : { text: t.limitCharactersAtLeast, numbers: { min: check.minLength } };
    case "answer.too_few_choices":
      return settings.minChoices === undefined
        ? null
        : { text: t.limitOptionsAtLeast, numbers: { min: settings.minChoices } };
    case "answer.too_many_choices":
      return settings.maxChoices === undefined
        ? null
        : { text: t.limitOptionsAtMost, numbers: { max: settings.maxChoices } };
    case "answer.file_too_large":
      return settings.maxFileSizeMb === undefined
        ? null
        : { text: t.limitFileSize, numbers: { size: settings.maxFileSizeMb } };
    default:
      return null;
  }
}
