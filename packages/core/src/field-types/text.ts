import { defineFieldType } from "./definition.ts";
import { checkMaxLength, isBlank, questionDefaults, textAnswer } from "./text-like.ts";

export const text = defineFieldType<string>({
  category: "field",
  label: "Short text",
  createDefault: questionDefaults,
  answerSchema: textAnswer,
  isEmpty: isBlank,
  validate: checkMaxLength,
  toText: (_element, answer) => answer,
});
