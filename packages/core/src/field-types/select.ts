import { z } from "zod";
import { choiceDefaults, isKnownVariant, variantTitle } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

export const select = defineFieldType<string | null>({
  category: "field",
  label: "Drop-down list",
  createDefault: choiceDefaults,
  answerSchema: z.string().max(2000).nullable(),
  isEmpty: (answer) => answer === null || answer === "",
  validate: (element, answer) =>
    answer && !isKnownVariant(element, answer) ? "answer.unknown_variant" : null,
  toText: (element, answer) => (answer ? variantTitle(element, answer) : ""),
});
