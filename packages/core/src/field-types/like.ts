import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const like = defineFieldType<"like" | "dislike" | null>({
  category: "field",
  label: "Like",
  createDefault: questionDefaults,
  answerSchema: z.nullable(z.enum(["like", "dislike"])),
  isEmpty: (answer) => answer === null,
  toText: (_element, answer) => answer ?? "",
});
