import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

const COLOUR =
  /^(#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

export const colour = defineFieldType<string>({
  category: "field",
  label: "Colour",
  createDefault: questionDefaults,
  answerSchema: z.string().check(z.maxLength(60)),
  isEmpty: (answer) => answer.trim() === "",
  validate: (element, answer) => {
    const preset = element.fieldSettings.predefineColors;
    if (preset?.length) return preset.includes(answer) ? null : "answer.invalid_colour";
    return COLOUR.test(answer.trim()) ? null : "answer.invalid_colour";
  },
  toText: (_element, answer) => answer,
});
