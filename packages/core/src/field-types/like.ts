import { z } from "zod/mini";
import { MESSAGES } from "../errors.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const like = defineFieldType<"like" | "dislike" | null>({
  category: "field",
  label: "Like",
  createDefault: questionDefaults,
  answerSchema: z.nullable(z.enum(["like", "dislike"])),
  isEmpty: (answer) => answer === null,
  // The word on the button the respondent clicked, not the stored value.
  toText: (_element, answer) => (answer ? MESSAGES[`widget.like.${answer}`] : ""),
});
