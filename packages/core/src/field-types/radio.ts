import { z } from "zod";
import { choiceDefaults, isKnownVariant, variantTitle } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

/** One option out of several: the radio buttons, and (with another label) the drop-down list. */
export function singleChoice(label: string) {
  return defineFieldType<string | null>({
    category: "field",
    label,
    createDefault: choiceDefaults,
    answerSchema: z.string().max(2000).nullable(),
    isEmpty: (answer) => answer === null || answer === "",
    validate: (element, answer) =>
      answer && !isKnownVariant(element, answer) ? "answer.unknown_variant" : null,
    toText: (element, answer) => (answer ? variantTitle(element, answer) : ""),
  });
}

export const radio = singleChoice("Single choice");
