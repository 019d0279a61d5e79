import { z } from "zod/mini";
import {
  checkChoices,
  choiceDefaults,
  isKnownVariant,
  otherLeftEmpty,
  setCorrectness,
  variantTitle,
} from "./choice.ts";
import { defineFieldType } from "./definition.ts";

const asList = (answer: string | string[]) =>
  Array.isArray(answer) ? answer : answer === "" ? [] : [answer];

/**
 * A respondent's choice in the shape the setting now asks for: a list when several pictures may
 * be chosen, one id otherwise (the first chosen). Switching the setting while a choice is held
 * (the builder's live preview) then never leaves an answer the form would refuse.
 */
export function fitImageChoice(value: unknown, multiple: boolean): string | string[] | undefined {
  const chosen = Array.isArray(value)
    ? value.filter((id): id is string => typeof id === "string" && id !== "")
    : typeof value === "string" && value !== ""
      ? [value]
      : [];
  if (multiple) return chosen.length > 0 ? chosen : undefined;
  return chosen[0];
}

/** Pictures to choose from: one, or several when fieldSettings.multiple is on. */
export const imageChoice = defineFieldType<string | string[]>({
  category: "image",
  label: "Image choice",
  createDefault: () => {
    const base = choiceDefaults();
    return { ...base, fieldSettings: { ...base.fieldSettings, multiple: false } };
  },
  answerSchema: z.union([
    z.string().check(z.maxLength(2000)),
    z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(500)),
  ]),
  isEmpty: (answer) => asList(answer).length === 0,
  validate: (element, answer) => {
    if (Array.isArray(answer) !== (element.fieldSettings.multiple === true)) return "answer.invalid";
    if (Array.isArray(answer)) return checkChoices(element, answer);
    if (otherLeftEmpty(element, [answer])) return "answer.other_empty";
    return isKnownVariant(element, answer) ? null : "answer.unknown_variant";
  },
  correctness: (element, answer) => setCorrectness(element, asList(answer)),
  toText: (element, answer) =>
    asList(answer)
      .map((id) => variantTitle(element, id))
      .join(", "),
});
