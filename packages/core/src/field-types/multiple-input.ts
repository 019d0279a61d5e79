import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const multipleInput = defineFieldType<string[]>({
  category: "field",
  label: "Several answers",
  createDefault: questionDefaults,
  answerSchema: z.array(z.string().max(10_000)).max(100),
  isEmpty: (answer) => answer.every((item) => item.trim() === ""),
  toText: (_element, answer) => answer.filter((item) => item.trim() !== "").join("; "),
});
