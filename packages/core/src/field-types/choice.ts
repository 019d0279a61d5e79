import { z } from "zod/mini";
import { DEFAULT_TEXTS } from "../defaults.ts";
import type { TElement } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** The "Other" option's answer: "other:<the respondent's own text>". */
export const OTHER_PREFIX = "other:";

export function choiceDefaults() {
  return {
    ...questionDefaults(),
    fieldSettings: {
      answerVariants: [1, 2, 3].map((n) => ({
        id: `v${n}`,
        title: `${DEFAULT_TEXTS.newVariant} ${n}`,
        value: String(n),
        checkValue: false,
        defaultChecked: false,
      })),
      hasOtherVariant: false,
    },
  };
}

export const variantsOf = (element: TElement) => element.fieldSettings.answerVariants ?? [];

/** The options a question no longer offers, by the titles they last had. */
export const removedVariantsOf = (element: TElement) => element.fieldSettings.removedVariants ?? [];

/** An option's title as the reader sees it: the option's, a removed option's last one, else its id. */
export function variantTitle(element: TElement, variantId: string): string {
  if (variantId.startsWith(OTHER_PREFIX)) return variantId.slice(OTHER_PREFIX.length);
  return (
    variantsOf(element).find((v) => v.id === variantId)?.title ??
    removedVariantsOf(element).find((v) => v.id === variantId)?.title ??
    variantId
  );
}

/**
 * The questions as saved, each remembering the options the save takes out of it (and those it
 * took out before), by their last titles, so answers that chose them are still read by name. An
 * option offered again is no longer a removed one. Only the saved copy says what was removed: a
 * list sent with the fields (or copied with a question) is not taken, and a new form has none.
 */
export function keepRemovedOptions(before: readonly TElement[], after: readonly TElement[]): TElement[] {
  const previous = new Map(before.map((element) => [element.id, element]));
  return after.map((element) => {
    const old = previous.get(element.id);
    const offered = new Set(variantsOf(element).map((v) => v.id));
    const removed = new Map<string, string>();
    for (const list of old ? [removedVariantsOf(old), variantsOf(old)] : [])
      for (const { id, title } of list) if (!offered.has(id)) removed.set(id, title);
    const { removedVariants: _kept, ...settings } = element.fieldSettings;
    if (removed.size === 0) return { ...element, fieldSettings: settings };
    return {
      ...element,
      fieldSettings: {
        ...settings,
        removedVariants: [...removed].slice(-1000).map(([id, title]) => ({ id, title })),
      },
    };
  });
}

/** Types whose answer is a list of option ids; the other choice types answer with one id. */
const LIST_ANSWERS: ReadonlySet<string> = new Set(["checkbox", "multipleChoice"]);
const ONE_ANSWER: ReadonlySet<string> = new Set(["radio", "select"]);

/**
 * The answer a choice question starts with: its options "chosen at first", as a list where
 * several may be chosen and the first of them where one may; undefined when none is marked.
 */
function chosenAtFirst(element: TElement): string | string[] | undefined {
  const several =
    LIST_ANSWERS.has(element.fieldType) ||
    (element.fieldType === "imageChoice" && element.fieldSettings.multiple === true);
  const single = ONE_ANSWER.has(element.fieldType) || element.fieldType === "imageChoice";
  if (!several && !single) return undefined;
  const ids = variantsOf(element)
    .filter((variant) => variant.defaultChecked)
    .map((variant) => variant.id);
  if (ids.length === 0) return undefined;
  return several ? ids : ids[0];
}

/** The answers a form's page starts with before the respondent touches it. */
export function startingAnswers(fields: readonly TElement[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const answer = chosenAtFirst(field);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

/** A chosen id is valid when it names a variant, or is "other:<text>" where Other is offered. */
export function isKnownVariant(element: TElement, variantId: string): boolean {
  if (variantId.startsWith(OTHER_PREFIX)) {
    return element.fieldSettings.hasOtherVariant === true && variantId.length > OTHER_PREFIX.length;
  }
  return variantsOf(element).some((v) => v.id === variantId);
}

const correctIds = (element: TElement) =>
  new Set(
    variantsOf(element)
      .filter((v) => v.checkValue)
      .map((v) => v.id),
  );

/** Partial credit for a set of choices: right ones minus wrong ones, over the number of right ones. */
export function setCorrectness(element: TElement, chosen: readonly string[]): number {
  const correct = correctIds(element);
  if (correct.size === 0) return 0;
  const hits = chosen.filter((id) => correct.has(id)).length;
  const misses = chosen.length - hits;
  return Math.max(0, (hits - misses) / correct.size);
}

/** One option out of several: radio buttons, a drop-down list. */
export function singleChoice(label: string) {
  return defineFieldType<string | null>({
    category: "field",
    label,
    createDefault: choiceDefaults,
    answerSchema: z.nullable(z.string().check(z.maxLength(2000))),
    isEmpty: (answer) => answer === null || answer === "",
    validate: (element, answer) => {
      if (!answer) return null;
      if (otherLeftEmpty(element, [answer])) return "answer.other_empty";
      return isKnownVariant(element, answer) ? null : "answer.unknown_variant";
    },
    correctness: (element, answer) => (answer && correctIds(element).has(answer) ? 1 : 0),
    toText: (element, answer) => (answer ? variantTitle(element, answer) : ""),
  });
}

/** Other was chosen, but nothing written beside it. */
export const otherLeftEmpty = (element: TElement, chosen: readonly string[]) =>
  element.fieldSettings.hasOtherVariant === true && chosen.some((id) => id.trim() === OTHER_PREFIX);

export function checkChoices(element: TElement, answer: readonly string[]): MessageCode | null {
  if (new Set(answer).size !== answer.length) return "answer.invalid";
  if (otherLeftEmpty(element, answer)) return "answer.other_empty";
  if (!answer.every((id) => isKnownVariant(element, id))) return "answer.unknown_variant";
  const { minChoices, maxChoices } = element.fieldSettings;
  if (minChoices !== undefined && answer.length < minChoices) return "answer.too_few_choices";
  if (maxChoices !== undefined && answer.length > maxChoices) return "answer.too_many_choices";
  return null;
}

/** Several options: checkboxes, multiple choice. */
export function manyChoices(label: string) {
  return defineFieldType<string[]>({
    category: "field",
    label,
    createDefault: choiceDefaults,
    answerSchema: z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(500)),
    isEmpty: (answer) => answer.length === 0,
    validate: checkChoices,
    correctness: setCorrectness,
    toText: (element, answer) => answer.map((id) => variantTitle(element, id)).join(", "),
  });
}
