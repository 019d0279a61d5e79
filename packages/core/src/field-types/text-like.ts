import { z } from "zod";
import { DEFAULT_TEXTS } from "../defaults.ts";
import type { TElement } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";

/** Shared by the one-line, multi-line and e-mail types: a string answer with a length limit. */
export const textAnswer = z.string().max(100_000);

export function questionDefaults() {
  return {
    question: DEFAULT_TEXTS.newQuestion,
    fieldComment: DEFAULT_TEXTS.fieldComment,
    fieldLabel: DEFAULT_TEXTS.fieldLabel,
  };
}

export function checkMaxLength(element: TElement, answer: string): MessageCode | null {
  const max = element.validationSettings.maxLength;
  return max !== undefined && answer.length > max ? "answer.too_long" : null;
}

export const isBlank = (answer: string) => answer.trim() === "";
