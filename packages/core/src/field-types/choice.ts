import { DEFAULT_TEXTS } from "../defaults.ts";
import type { TElement } from "../element-schema.ts";
import { questionDefaults } from "./text-like.ts";

/** The "Other" option's answer: the respondent's own text. */
export const OTHER_VARIANT_ID = "other";

export function choiceDefaults() {
  return {
    ...questionDefaults(),
    fieldSettings: {
      answerVariants: [1, 2, 3].map((n) => ({
        id: `v${n}`,
        title: `${DEFAULT_TEXTS.newVariant} ${n}`,
        value: String(n),
        checkValue: false,
        defaultChecked: false,
      })),
      hasOtherVariant: false,
    },
  };
}

export function variantTitle(element: TElement, variantId: string): string {
  if (variantId.startsWith(`${OTHER_VARIANT_ID}:`)) return variantId.slice(OTHER_VARIANT_ID.length + 1);
  return element.fieldSettings.answerVariants?.find((v) => v.id === variantId)?.title ?? variantId;
}

/** A chosen id is valid when it names a variant, or is "other:<text>" where Other is offered. */
export function isKnownVariant(element: TElement, variantId: string): boolean {
  if (variantId.startsWith(`${OTHER_VARIANT_ID}:`)) {
    return element.fieldSettings.hasOtherVariant === true && variantId.length > OTHER_VARIANT_ID.length + 1;
  }
  return element.fieldSettings.answerVariants?.some((v) => v.id === variantId) ?? false;
}
