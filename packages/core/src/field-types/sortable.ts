import { z } from "zod/mini";
import { choiceDefaults, variantsOf, variantTitle } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

/** The options put in order; the order they are written in is the correct one. */
export const sortable = defineFieldType<string[]>({
  category: "field",
  label: "Sorting",
  createDefault: choiceDefaults,
  answerSchema: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)),
  isEmpty: (answer) => answer.length === 0,
  validate: (element, answer) => {
    const ids = variantsOf(element).map((v) => v.id);
    const isPermutation =
      answer.length === ids.length &&
      new Set(answer).size === ids.length &&
      answer.every((id) => ids.includes(id));
    return isPermutation ? null : "answer.invalid";
  },
  correctness: (element, answer) => {
    const ids = variantsOf(element).map((v) => v.id);
    return ids.length === 0 ? 0 : ids.filter((id, index) => answer[index] === id).length / ids.length;
  },
  toText: (element, answer) => answer.map((id) => variantTitle(element, id)).join(" → "),
});
