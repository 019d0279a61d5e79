import { defineFieldType } from "./definition.ts";
import { checkMaxLength, isBlank, questionDefaults, textAnswer } from "./text-like.ts";

export const textarea = defineFieldType<string>({
  category: "field",
  label: "Long text",
  createDefault: questionDefaults,
  answerSchema: textAnswer,
  isEmpty: isBlank,
  validate: checkMaxLength,
  toText: (_element, answer) => answer,
});
