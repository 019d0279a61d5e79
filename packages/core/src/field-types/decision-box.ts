import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** One box to tick ("I agree"); a required one must be ticked. */
export const decisionBox = defineFieldType<boolean>({
  category: "field",
  label: "Decision box",
  createDefault: questionDefaults,
  answerSchema: z.boolean(),
  isEmpty: (answer) => answer === false,
  correctness: (_element, answer) => (answer ? 1 : 0),
  toText: (_element, answer) => (answer ? "Yes" : "No"),
});
