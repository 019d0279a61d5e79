import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const like = defineFieldType<"like" | "dislike" | null>({
  category: "field",
  label: "Like",
  createDefault: questionDefaults,
  answerSchema: z.enum(["like", "dislike"]).nullable(),
  isEmpty: (answer) => answer === null,
  toText: (_element, answer) => answer ?? "",
});
