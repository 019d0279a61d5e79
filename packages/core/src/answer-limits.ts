import { RESPONDENT_TEXTS } from "./defaults.ts";
import type { TElement } from "./element-schema.ts";
import { fileSizeLimitMb } from "./media-questions.ts";

/** A respondent text with its values (numbers, or a list of file types), to be translated. */
export interface AnswerLimit {
  text: string;
  values: Record<string, number | string>;
}

function bounds(
  min: number | undefined,
  max: number | undefined,
  texts: readonly [string, string, string],
): AnswerLimit | null {
  const [fromTo, atLeast, atMost] = texts;
  if (min !== undefined && max !== undefined) return { text: fromTo, values: { min, max } };
  if (min !== undefined) return { text: atLeast, values: { min } };
  if (max !== undefined) return { text: atMost, values: { max } };
  return null;
}

/**
 * The limit set on a question that an error's code speaks of ("the answer is too long": at most
 * 200 characters), so a respondent learns what to change, not only that something is wrong. Null
 * when the error is of another kind or the question sets no such limit. A file's size is the
 * smaller of the question's and the server's (`serverMaxMb`, where the page knows it).
 */
export function answerLimit(element: TElement, code: string, serverMaxMb?: number): AnswerLimit | null {
  const t = RESPONDENT_TEXTS;
  const { validationSettings: check, fieldSettings: settings } = element;
  switch (code) {
    case "answer.number_out_of_range": {
      // A slider without bounds of its own runs from 0 to 100 (core's slider type).
      const [min, max] =
        element.fieldType === "slider" ? [check.min ?? 0, check.max ?? 100] : [check.min, check.max];
      return bounds(min, max, [t.limitFromTo, t.limitAtLeast, t.limitAtMost]);
    }
    case "answer.too_long":
      return check.maxLength === undefined
        ? null
        : { text: t.limitCharactersAtMost, values: { max: check.maxLength } };
    case "answer.too_short":
      return check.minLength === undefined
        ? null
        : { text: t.limitCharactersAtLeast, values: { min: check.minLength } };
    case "answer.too_few_choices":
      return settings.minChoices === undefined
        ? null
        : { text: t.limitOptionsAtLeast, values: { min: settings.minChoices } };
    case "answer.too_many_choices":
      return settings.maxChoices === undefined
        ? null
        : { text: t.limitOptionsAtMost, values: { max: settings.maxChoices } };
    case "answer.file_type":
      return settings.accept?.length
        ? { text: t.limitFileTypes, values: { types: settings.accept.join(", ") } }
        : null;
    case "answer.file_too_large": {
      const size = fileSizeLimitMb(settings.maxFileSizeMb, serverMaxMb);
      return size === undefined ? null : { text: t.limitFileSize, values: { size } };
    }
    default:
      return null;
  }
}
