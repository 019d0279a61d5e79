import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { isBlank, questionDefaults, textAnswer } from "./text-like.ts";

const emailFormat = z.email();

export const email = defineFieldType<string>({
  category: "field",
  label: "E-mail",
  createDefault: questionDefaults,
  answerSchema: textAnswer,
  isEmpty: isBlank,
  validate: (_element, answer) =>
    emailFormat.safeParse(answer.trim()).success ? null : "answer.invalid_email",
  toText: (_element, answer) => answer.trim(),
});
