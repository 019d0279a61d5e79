import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const number = defineFieldType<number | null>({
  category: "field",
  label: "Number",
  createDefault: questionDefaults,
  answerSchema: z.number().finite().nullable(),
  isEmpty: (answer) => answer === null,
  validate: (element, answer) => {
    if (answer === null) return null;
    const { min, max } = element.validationSettings;
    if (min !== undefined && answer < min) return "answer.number_out_of_range";
    if (max !== undefined && answer > max) return "answer.number_out_of_range";
    return null;
  },
  toText: (_element, answer) => (answer === null ? "" : String(answer)),
});
