import type { FieldType, TElement } from "./element-schema.ts";
import type { ValidationError } from "./errors.ts";
import { isAnswerable } from "./field-registry.ts";
import { OTHER_PREFIX } from "./field-types/choice.ts";
import { answerFromDayText, modeOf } from "./field-types/date-time.ts";
import { isUploadField } from "./field-types/file-like.ts";
import { fitImageChoice } from "./field-types/image-choice.ts";
import { splitPages } from "./form-pages.ts";
import type { TFormSettings } from "./form-schema.ts";
import type { TRule, TRuleAction } from "./rule-schema.ts";
import { evaluate } from "./rules.ts";
import type { TSubmissionAnswer } from "./submission.ts";
import { formTimeLimit, stepTimeLimit } from "./time-limits.ts";

/**
 * The public form as a plain HTML form: what a browser without JavaScript sends (names → values,
 * as `application/x-www-form-urlencoded`, or `multipart/form-data` with the files of file
 * questions), turned into the answers the page's script would send. The server stores the files
 * and answers their questions (apps/server features/forms/public-post-files.ts).
 */

/** A posted form's entries: every value sent under each name, in order. */
export type FormEntries = Readonly<Record<string, readonly string[]>>;

/**
 * A form posted without JavaScript and refused, drawn again by the server: the answers as sent,
 * the errors under their questions, a notice for the whole form, and its hidden inputs again.
 */
export interface TPostedForm {
  values: Record<string, unknown>;
  errors: ValidationError[];
  /** A message code for the form as a whole (sent too soon, closed meanwhile…). */
  notice?: string | undefined;
  hidden: Record<string, string>;
  /** A form on pages: the page drawn (0 = first); the pages before it are kept by the server. */
  page?: number | undefined;
  /** A form on pages: the pages passed through to it, oldest first (where Back goes). */
  history?: number[] | undefined;
}

/**
 * The last step of the address a form is posted to without JavaScript: `/f/<alias>/send`, beside the
 * page rather than the page's own address (the web app's fill/location.ts says why).
 */
export const SEND_STEP = "send";

/** The hidden inputs beside the answers; element ids name the answers themselves. */
export const FORM_POST_FIELDS = {
  /** Names one filling of the form: sent again (a reload, a double click), it is stored once. */
  submissionKey: "fl-submission-key",
  /** When the page was drawn, for the filling time. */
  startTime: "fl-start-time",
  /** The seed the page chose and ordered its questions with. */
  seed: "fl-seed",
  /** The questions rules act on that the page drew open (`openQuestions`), as JSON. */
  opened: "fl-opened",
  /** A form on pages: the page posted (0 = first). */
  page: "fl-page",
  /** A form on pages: sent by its Back button. */
  back: "fl-back",
} as const;

/** The text input beside a choice's "Other" option; the option itself is sent as `other:`. */
export const otherTextName = (fieldId: string) => `${fieldId}.other`;

/** The name of a matrix row's radios or checkboxes: one group a row, posted as such. */
export const matrixRowName = (fieldId: string, rowId: string) => `${fieldId}[${rowId}]`;

/** How each type's posted strings become its answer; types left out need the page's script. */
type FromEntries = (values: readonly string[], element: TElement, entries: FormEntries) => unknown;

const text: FromEntries = ([value]) => (value?.trim() ? value : undefined);

/** A number, or the text itself when it is none, so validation reports it as the script would. */
function numeric(raw: string | undefined, comma = false): unknown {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
  const number = Number(comma ? trimmed.replace(",", ".") : trimmed);
  return Number.isFinite(number) ? number : raw;
}

const scale: FromEntries = ([value]) => numeric(value);

/**
 * "other:" (the Other option) takes the respondent's text from its own input; left empty, it stays
 * "other:", which validation asks to be written, as it does on the page with its script.
 */
function chosenIds(values: readonly string[], element: TElement, entries: FormEntries): string[] {
  const other = entries[otherTextName(element.id)]?.[0]?.trim() ?? "";
  return values
    .filter((value) => value !== "")
    .map((value) => (value === OTHER_PREFIX ? `${OTHER_PREFIX}${other}` : value));
}

const oneChoice: FromEntries = (values, element, entries) => chosenIds(values, element, entries)[0];
const manyChoices: FromEntries = (values, element, entries) => {
  const chosen = chosenIds(values, element, entries);
  return chosen.length > 0 ? chosen : undefined;
};

/** A matrix: each row's chosen columns from its own group, one or a list as the row takes them. */
const matrixRows: FromEntries = (_values, element, entries) => {
  const rows = (element.fieldSettings.questions ?? []).flatMap((row) => {
    const chosen = (entries[matrixRowName(element.id, row.id)] ?? []).filter((id) => id !== "");
    if (chosen.length === 0) return [];
    return [[row.id, row.multiple ? chosen : chosen[0]!] as const];
  });
  return rows.length > 0 ? Object.fromEntries(rows) : undefined;
};

const FROM_ENTRIES: Partial<Record<FieldType, FromEntries>> = {
  text,
  email: text,
  phone: text,
  website: text,
  password: text,
  textarea: text,
  codeHighlight: text,
  // Typed as the form's language writes a day (DD.MM.YYYY), stored as YYYY-MM-DD.
  dateTime: ([value], element) => (value?.trim() ? answerFromDayText(value, modeOf(element)) : undefined),
  colour: text,
  number: ([value], element) => numeric(value, element.fieldSettings.numberFormat === "comma"),
  nps: scale,
  rate: scale,
  scoring: scale,
  slider: scale,
  radio: oneChoice,
  select: oneChoice,
  checkbox: manyChoices,
  multipleChoice: manyChoices,
  imageChoice: (values, element, entries) =>
    fitImageChoice(chosenIds(values, element, entries), element.fieldSettings.multiple === true),
  like: ([value]) => (value === "like" || value === "dislike" ? value : value || undefined),
  // A ticked box is sent, an unticked one is not.
  decisionBox: ([value]) => (value === undefined ? undefined : true),
  matrix: matrixRows,
};

/** Whether a field of this type is sent by the browser's own form submission. */
export const postsNatively = (type: FieldType) =>
  FROM_ENTRIES[type] !== undefined || isUploadField({ fieldType: type });

/**
 * The hidden input that keeps a file question's file through a page drawn again (refused, more
 * questions, another page): a browser never fills a file input itself. It holds the upload's id;
 * the server answers the question with it when no new file is chosen.
 */
export const keptFileName = (fieldId: string) => `${fieldId}.file`;

/**
 * The box drawn beside a kept file when the page runs no script (its Remove button needs one):
 * ticked, the question drops the kept file; a new file chosen still takes its place.
 */
export const removedFileName = (fieldId: string) => `${fieldId}.remove`;

/** Whether the form, posted by the browser, sends files: then as multipart/form-data. */
export const sendsFiles = (fields: readonly TElement[]) =>
  fields.some((field) => isAnswerable(field) && isUploadField(field));

/**
 * The answers in a posted form, as the page's script sends them: ids of chosen options, numbers
 * as numbers, dates as YYYY-MM-DD; empty values are left out. Names that are no
 * answerable field of the form are ignored.
 */
export function answersFromEntries(fields: readonly TElement[], entries: FormEntries): TSubmissionAnswer[] {
  const answers: TSubmissionAnswer[] = [];
  for (const field of fields) {
    const from = FROM_ENTRIES[field.fieldType];
    if (!from || !isAnswerable(field)) continue;
    const answer = from(entries[field.id] ?? [], field, entries);
    if (answer !== undefined) answers.push({ fieldId: field.id, answer });
  }
  return answers;
}

/**
 * Actions that change the page as the respondent answers and only a script can apply. Showing,
 * hiding, enabling and disabling are left to the server without one: a post whose answers open
 * questions the page had not drawn comes back with them (`newlyOpened`).
 */
const LIVE_ACTIONS: ReadonlySet<TRuleAction["type"]> = new Set(["assign", "jump"]);

const VISIBILITY_ACTIONS: ReadonlySet<TRuleAction["type"]> = new Set(["show", "hide", "disable", "enable"]);

/** The fields rules show, hide, enable or disable as the respondent answers. */
function visibilityTargets(rules: readonly TRule[]): Set<string> {
  const targets = new Set<string>();
  for (const rule of rules) {
    if (!rule.enabled || rule.when !== "change") continue;
    for (const action of [...rule.then, ...rule.else])
      if (VISIBILITY_ACTIONS.has(action.type) && "fieldIds" in action)
        for (const id of action.fieldIds) targets.add(id);
  }
  return targets;
}

/** The questions rules act on that are shown and enabled with these answers, as the page draws them. */
export function openQuestions(
  elements: readonly TElement[],
  rules: readonly TRule[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  const targets = visibilityTargets(rules);
  if (targets.size === 0) return [];
  const state = evaluate(elements, rules, values).elements;
  return elements
    .filter((element) => targets.has(element.id) && isAnswerable(element))
    .filter((element) => !state[element.id]?.hidden && !state[element.id]?.disabled)
    .map((element) => element.id);
}

/**
 * The questions shown with these answers whose answer a post without the page's script cannot
 * carry (a matrix, a full name...): such a post would be stored without them.
 */
export function unpostableQuestions(
  elements: readonly TElement[],
  rules: readonly TRule[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  const unpostable = elements.filter((element) => isAnswerable(element) && !postsNatively(element.fieldType));
  if (unpostable.length === 0) return [];
  const state = evaluate(elements, rules, values).elements;
  return unpostable.filter((element) => !state[element.id]?.hidden).map((element) => element.id);
}

/** What the page says it drew open (`FORM_POST_FIELDS.opened`); null when it did not say. */
function drawnOpen(posted: string | undefined): Set<string> | null {
  if (posted === undefined) return null;
  try {
    const ids: unknown = JSON.parse(posted);
    return Array.isArray(ids) ? new Set(ids.filter((id) => typeof id === "string")) : null;
  } catch {
    return null;
  }
}

/**
 * The questions a post's answers open that its page had not drawn: the respondent never saw them,
 * so they are asked before anything is stored, as the page's script would have shown them. A page
 * that did not say what it drew is taken as drawn without answers.
 */
export function newlyOpened(
  elements: readonly TElement[],
  rules: readonly TRule[],
  answers: readonly TSubmissionAnswer[],
  posted: string | undefined,
): string[] {
  const drawn = drawnOpen(posted) ?? new Set(openQuestions(elements, rules, {}));
  const values = Object.fromEntries(answers.map((answer) => [answer.fieldId, answer.answer]));
  return openQuestions(elements, rules, values).filter((id) => !drawn.has(id));
}

const changesPage = (rule: TRule) =>
  rule.enabled &&
  rule.when === "change" &&
  [...rule.then, ...rule.else].some((action) => LIVE_ACTIONS.has(action.type));

/** What keeps a form from being filled without its page's script, if anything. */
export type ScriptNeed = "rules" | "timers" | "fields" | "captcha";

/**
 * Why this form can only be filled with JavaScript, or null when a plain HTML form does it all:
 * rules that assign values or jump as it is filled (the server still runs those on sending),
 * timers, a question the browser's own form cannot send, a captcha (its proof of work runs in
 * the browser). A form on pages is posted page by page, the server keeping the pages so far.
 */
export function scriptNeed(
  settings: Pick<
    TFormSettings,
    | "conditionalRules"
    | "display"
    | "hasCaptcha"
    | "hasTimer"
    | "allFormTime"
    | "perQuestionTime"
    | "formTimer"
  >,
  fields: readonly TElement[],
): ScriptNeed | null {
  if ((settings.conditionalRules ?? []).some(changesPage)) return "rules";
  const pages = splitPages(fields, settings.display ?? "all");
  if (formTimeLimit(settings) > 0 || pages.some((page) => stepTimeLimit(settings, page) > 0)) return "timers";
  if (fields.some((field) => isAnswerable(field) && !field.isHidden && !postsNatively(field.fieldType)))
    return "fields";
  if (settings.hasCaptcha || fields.some((field) => field.fieldType === "captcha")) return "captcha";
  return null;
}
