import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** A drawn signature, as a PNG or SVG data URL of at most about 512 KB. */
export const signature = defineFieldType<string>({
  category: "field",
  label: "Signature",
  createDefault: questionDefaults,
  answerSchema: z.string().check(z.maxLength(700_000)),
  isEmpty: (answer) => answer === "",
  validate: (_element, answer) =>
    /^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(answer) ? null : "answer.invalid",
  toText: (_element, answer) => (answer ? "(signature)" : ""),
});
