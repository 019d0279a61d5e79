import { z } from "zod";
import { choiceDefaults, isKnownVariant, variantTitle } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

export const checkbox = defineFieldType<string[]>({
  category: "field",
  label: "Multiple choice",
  createDefault: choiceDefaults,
  answerSchema: z.array(z.string().max(2000)).max(500),
  isEmpty: (answer) => answer.length === 0,
  validate: (element, answer) => {
    if (new Set(answer).size !== answer.length) return "answer.invalid";
    return answer.every((id) => isKnownVariant(element, id)) ? null : "answer.unknown_variant";
  },
  toText: (element, answer) => answer.map((id) => variantTitle(element, id)).join(", "),
});
