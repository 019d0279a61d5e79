import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

export const ZPoint = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  /** On a map: the saved item chosen, if the respondent picked one. */
  itemId: z.optional(z.string().check(z.maxLength(64))),
  accuracy: z.optional(z.number().check(z.nonnegative())),
});
export type TPoint = z.infer<typeof ZPoint>;

export const pointText = (point: TPoint) => `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;

/** A point answer: picked on a map, or read from the device. */
export function pointField(label: string, defaults: () => object) {
  return defineFieldType<TPoint | null>({
    category: "field",
    label,
    createDefault: () => ({ ...questionDefaults(), ...defaults() }),
    answerSchema: z.nullable(ZPoint),
    isEmpty: (answer) => answer === null,
    validate: (element, answer) => {
      if (!answer?.itemId) return null;
      return (element.fieldSettings.savedItems ?? []).some((item) => item.id === answer.itemId)
        ? null
        : "answer.unknown_variant";
    },
    toText: (element, answer) => {
      if (!answer) return "";
      const item = element.fieldSettings.savedItems?.find((saved) => saved.id === answer.itemId);
      return item ? `${item.title} (${pointText(answer)})` : pointText(answer);
    },
  });
}
