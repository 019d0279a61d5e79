import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import { choiceDefaults, variantsOf } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

/** The right-hand items, which each left-hand variant is matched to (its matchId is the correct one). */
const matchesOf = (element: TElement) => element.fieldSettings.matches ?? [];

export const correspondence = defineFieldType<Record<string, string>>({
  category: "field",
  label: "Matching pairs",
  createDefault: () => ({
    ...choiceDefaults(),
    fieldSettings: {
      ...choiceDefaults().fieldSettings,
      matches: [1, 2, 3].map((n) => ({ id: `m${n}`, title: `Match ${n}` })),
    },
  }),
  answerSchema: z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(64))),
  isEmpty: (answer) => Object.keys(answer).length === 0,
  validate: (element, answer) => {
    const left = new Set(variantsOf(element).map((v) => v.id));
    const right = new Set(matchesOf(element).map((m) => m.id));
    return Object.entries(answer).every(([l, r]) => left.has(l) && right.has(r)) ? null : "answer.invalid";
  },
  correctness: (element, answer) => {
    const pairs = variantsOf(element).filter((v) => v.matchId);
    return pairs.length === 0 ? 0 : pairs.filter((v) => answer[v.id] === v.matchId).length / pairs.length;
  },
  toText: (element, answer) =>
    Object.entries(answer)
      .map(
        ([l, r]) =>
          `${variantsOf(element).find((v) => v.id === l)?.title ?? l} = ${matchesOf(element).find((m) => m.id === r)?.title ?? r}`,
      )
      .join("; "),
});
