import type { TElement } from "./element-schema.ts";
import { type ValidationError, validationError } from "./errors.ts";
import { fieldTypes, isAnswerable } from "./field-registry.ts";
import { type DisplayMode, reachedElementIds } from "./form-pages.ts";
import type { TRule } from "./rule-schema.ts";
import { evaluate, type RuleOutcome } from "./rules.ts";
import type { TSubmissionAnswer } from "./submission-body.ts";
import type { TimeUp } from "./time-limits.ts";

// The request body's schemas live apart, so the public form page, which checks answers with the
// functions below, carries no zod.
export {
  type TSubmission,
  type TSubmissionAnswer,
  ZReportedDevice,
  ZSubmission,
  ZSubmissionAnswer,
  ZTimeUp,
} from "./submission-body.ts";

export interface StoredAnswer {
  fieldId: string;
  answer: unknown;
  answeringTime?: number;
  formulaName: string;
}

export interface SubmissionContext {
  /** The form's rules: only fields visible and enabled after them are checked and kept. */
  rules?: readonly TRule[];
  now?: Date;
  timeZone?: string;
  /**
   * The captcha solution sent beside the answers. Left out by a caller whose captcha travels
   * apart from the answers (the browser's form, where the page asks for it by the send button);
   * the server always gives it, empty when the submission had none.
   */
  captcha?: string | undefined;
  /** The form's display: on pages, questions a logic jump skipped were not asked. */
  display?: DisplayMode;
  /**
   * The times that ran out: their questions (all of them for the form's time) may be empty
   * although required. Whoever passes this has made sure the form had those limits.
   */
  timeUp?: TimeUp | undefined;
}

/**
 * Checks every answer against its element and returns all problems at once, the answers to
 * keep (one per visible, enabled element that was answered, with values the rules assigned),
 * the questions the respondent was shown (not hidden, on a page reached; with those kept holding a
 * value the rules put there) and the rules' outcome. The browser runs this for instant feedback; the server runs it
 * again as the authority.
 */
export function validateSubmission(
  elements: readonly TElement[],
  answers: readonly TSubmissionAnswer[],
  context: SubmissionContext = {},
): { errors: ValidationError[]; answers: StoredAnswer[]; shown: string[]; outcome: RuleOutcome } {
  const errors: ValidationError[] = [];
  const byId = new Map(elements.map((element) => [element.id, element]));
  const given: Record<string, unknown> = {};
  const times = new Map<string, number>();
  for (const answer of answers) {
    const element = byId.get(answer.fieldId);
    if (!element || !isAnswerable(element)) {
      errors.push(validationError(answer.fieldId, "answer.unknown_field"));
      continue;
    }
    if (Object.hasOwn(given, answer.fieldId)) {
      errors.push(validationError(answer.fieldId, "answer.duplicate_field"));
      continue;
    }
    given[answer.fieldId] = answer.answer;
    if (answer.answeringTime !== undefined) times.set(answer.fieldId, answer.answeringTime);
  }

  const reached =
    context.display && context.display !== "all"
      ? reachedElementIds(elements, context.rules ?? [], given, context.display)
      : null;
  // An answer left on a page a jump then passed over was taken back with that page: the rules
  // see only the pages the respondent walked through, as the page did.
  const walked =
    reached === null ? given : Object.fromEntries(Object.entries(given).filter(([id]) => reached.has(id)));
  const outcome = evaluate(elements, context.rules ?? [], walked, {
    now: context.now,
    timeZone: context.timeZone,
    event: "submit",
  });
  const shown = (element: TElement) =>
    !outcome.elements[element.id]?.hidden && (reached === null || reached.has(element.id));
  // Hidden by the author's setting alone: not a field a rule shows (it starts hidden until shown),
  // nor one a rule's applied actions hid.
  const matched = new Set(outcome.matched);
  const ruled = new Set(
    (context.rules ?? []).flatMap((rule) => {
      if (!rule.enabled) return [];
      const applied = matched.has(rule.id) ? rule.then : rule.else;
      return [
        ...[...rule.then, ...rule.else].flatMap((action) => (action.type === "show" ? action.fieldIds : [])),
        ...applied.flatMap((action) => (action.type === "hide" ? action.fieldIds : [])),
      ];
    }),
  );
  const keepsAssigned = (element: TElement) =>
    (reached === null || reached.has(element.id)) &&
    (!outcome.elements[element.id]?.hidden || (element.isHidden && !ruled.has(element.id)));
  const expired = new Set(context.timeUp?.fields ?? []);
  const timeRanOut = (element: TElement) => context.timeUp?.form === true || expired.has(element.id);
  const kept: StoredAnswer[] = [];
  const seen: string[] = [];
  for (const element of elements) {
    if (
      element.fieldType === "captcha" &&
      shown(element) &&
      context.captcha !== undefined &&
      !context.captcha.trim()
    ) {
      errors.push(validationError(element.id, "answer.captcha_required"));
    }
    if (!isAnswerable(element)) continue;
    if (shown(element)) seen.push(element.id);
    if (!shown(element) || outcome.elements[element.id]?.disabled) {
      // A field the respondent cannot see or change takes nothing from them; a value a rule put
      // there is kept (a hidden or read-only field is where a form keeps what it works out),
      // unless a rule hides the field or its page was never reached.
      const assigned = outcome.assigned[element.id];
      if (
        Object.hasOwn(outcome.assigned, element.id) &&
        keepsAssigned(element) &&
        checkAnswer({ ...element, isRequired: false }, assigned) === null &&
        !isEmptyAnswer(element, assigned)
      ) {
        kept.push({ fieldId: element.id, answer: assigned, formulaName: element.formulaName });
        // Counted with the shown ones: a question is never answered more often than it was asked.
        if (!shown(element)) seen.push(element.id);
      }
      continue;
    }
    const value = outcome.values[element.id];
    const error = checkAnswer(element, value);
    // A question whose time ran out goes in as it is: empty, if the respondent left it so.
    if (error === "answer.required" && timeRanOut(element)) continue;
    if (error) {
      errors.push(validationError(element.id, error));
      continue;
    }
    if (!isEmptyAnswer(element, value)) {
      const time = times.get(element.id);
      kept.push({
        fieldId: element.id,
        answer: value,
        formulaName: element.formulaName,
        ...(time === undefined ? {} : { answeringTime: time }),
      });
    }
  }
  return { errors, answers: kept, shown: seen, outcome };
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
