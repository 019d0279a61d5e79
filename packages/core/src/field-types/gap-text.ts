import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

const GAP = /\[\[(.*?)\]\]/g;

/** The expected word of each gap, in order: "The sky is [[blue]]" has one gap, "blue". */
export const gapsOf = (element: TElement) =>
  [...(element.fieldSettings.gapText ?? "").matchAll(GAP)].map((m) => m[1] ?? "");

export const gapText = defineFieldType<string[]>({
  category: "field",
  label: "Fill the gaps",
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { gapText: "The sky is [[blue]]." } }),
  answerSchema: z.array(z.string().check(z.maxLength(1000))).check(z.maxLength(200)),
  isEmpty: (answer) => answer.every((gap) => gap.trim() === ""),
  validate: (element, answer) => (answer.length === gapsOf(element).length ? null : "answer.invalid"),
  correctness: (element, answer) => {
    const gaps = gapsOf(element);
    const right = gaps.filter(
      (word, i) => (answer[i] ?? "").trim().toLowerCase() === word.trim().toLowerCase(),
    );
    return gaps.length === 0 ? 0 : right.length / gaps.length;
  },
  toText: (_element, answer) => answer.join(", "),
});
