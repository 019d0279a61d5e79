import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const multipleInput = defineFieldType<string[]>({
  category: "field",
  label: "Several answers",
  createDefault: questionDefaults,
  answerSchema: z.array(z.string().check(z.maxLength(10_000))).check(z.maxLength(100)),
  isEmpty: (answer) => answer.every((item) => item.trim() === ""),
  toText: (_element, answer) => answer.filter((item) => item.trim() !== "").join("; "),
});
