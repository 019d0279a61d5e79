import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { checkRange } from "./numeric.ts";
import { questionDefaults } from "./text-like.ts";

export const number = defineFieldType<number | null>({
  category: "field",
  label: "Number",
  createDefault: questionDefaults,
  answerSchema: z.nullable(z.number()),
  isEmpty: (answer) => answer === null,
  validate: (element, answer) => (answer === null ? null : checkRange(element, answer)),
  correctness: (element, answer) =>
    answer !== null &&
    (element.fieldSettings.answerVariants ?? []).some((v) => v.checkValue && Number(v.value) === answer)
      ? 1
      : 0,
  toText: (element, answer) => {
    if (answer === null) return "";
    const text = String(answer);
    return element.fieldSettings.numberFormat === "comma" ? text.replace(".", ",") : text;
  },
});
