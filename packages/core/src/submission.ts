import { z } from "zod";
import type { TElement } from "./element-schema.ts";
import { type ValidationError, validationError } from "./errors.ts";
import { fieldTypes, isAnswerable } from "./field-registry.ts";

export const ZSubmissionAnswer = z.object({
  fieldId: z.string().min(1).max(64),
  answer: z.unknown(),
  answeringTime: z.number().nonnegative().finite().optional(),
  formulaName: z.string().max(100).optional(),
});
export type TSubmissionAnswer = z.infer<typeof ZSubmissionAnswer>;

/** What a respondent's browser sends (POST /api/forms/answer). */
export const ZSubmission = z.object({
  formId: z.number().int().positive(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  submitTime: z.iso.datetime({ offset: true }).optional(),
  formPassingTime: z.number().nonnegative().finite().optional(),
  deviceFingerprint: z.string().max(200).optional(),
  answers: z.array(ZSubmissionAnswer).max(1000),
  miscData: z.record(z.string(), z.unknown()).optional(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

export interface StoredAnswer {
  fieldId: string;
  answer: unknown;
  answeringTime?: number;
  formulaName: string;
}

/** Whether an element takes part in this filling: answerable, shown and enabled. */
function isFillable(element: TElement): boolean {
  return isAnswerable(element) && !element.isHidden && !element.isDisabled;
}

/**
 * Checks every answer against its element and returns all problems at once, plus the answers
 * to keep (parsed, one per fillable element that was answered). The browser runs this for
 * instant feedback; the server runs it again as the authority.
 */
export function validateSubmission(
  elements: readonly TElement[],
  answers: readonly TSubmissionAnswer[],
): { errors: ValidationError[]; answers: StoredAnswer[] } {
  const errors: ValidationError[] = [];
  const byId = new Map(elements.map((element) => [element.id, element]));
  const given = new Map<string, TSubmissionAnswer>();
  for (const answer of answers) {
    const element = byId.get(answer.fieldId);
    if (!element || !isAnswerable(element)) {
      errors.push(validationError(answer.fieldId, "answer.unknown_field"));
      continue;
    }
    given.set(answer.fieldId, answer);
  }

  const kept: StoredAnswer[] = [];
  for (const element of elements) {
    if (!isFillable(element)) continue;
    const error = checkAnswer(element, given.get(element.id)?.answer);
    if (error) {
      errors.push(validationError(element.id, error));
      continue;
    }
    const answer = given.get(element.id);
    if (answer && !isEmptyAnswer(element, answer.answer)) {
      kept.push({
        fieldId: element.id,
        answer: answer.answer,
        formulaName: element.formulaName,
        ...(answer.answeringTime === undefined ? {} : { answeringTime: answer.answeringTime }),
      });
    }
  }
  return { errors, answers: kept };
}

function isEmptyAnswer(element: TElement, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const definition = fieldTypes[element.fieldType];
  const parsed = definition.answerSchema?.safeParse(value);
  return parsed?.success ? definition.isEmpty(parsed.data) : false;
}

/** One element's answer: the error code, or null when it is acceptable. */
export function checkAnswer(element: TElement, value: unknown) {
  const definition = fieldTypes[element.fieldType];
  if (value === undefined || value === null) return element.isRequired ? ("answer.required" as const) : null;
  const parsed = definition.answerSchema?.safeParse(value);
  if (!parsed?.success) return "answer.invalid" as const;
  if (definition.isEmpty(parsed.data)) return element.isRequired ? ("answer.required" as const) : null;
  return definition.validate?.(element, parsed.data) ?? null;
}
