import { z } from "zod";
import { isAllowedPicture } from "./style-guard.ts";

const ZOutcomeId = z.string().min(1).max(64);

/**
 * What chooses an ending screen: the quiz gradation the score fell in, or a form rule whose
 * condition held when the form was sent.
 */
export const ZEndingCondition = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("gradation"), gradationId: ZOutcomeId }),
  z.object({ kind: z.literal("rule"), ruleId: ZOutcomeId }),
]);

/**
 * A thank-you screen shown instead of the form's own one when its condition holds (forms.md
 * §8): a title, a few words and a picture, drawn in the form's theme.
 */
export const ZEndingScreen = z.object({
  id: ZOutcomeId,
  when: ZEndingCondition,
  title: z.string().max(300).default(""),
  text: z.string().max(3000).default(""),
  /** An https picture or one of this server's uploaded files (style-guard.ts). */
  picture: z
    .string()
    .max(2000)
    .refine((value) => value === "" || isAllowedPicture(value), "style.url.forbidden")
    .default(""),
});
export type TEndingScreen = z.infer<typeof ZEndingScreen>;
export type TEndingCondition = z.infer<typeof ZEndingCondition>;

/** The chosen ending screen as a respondent is sent it: never the conditions of the others. */
export const ZShownEnding = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  picture: z.string(),
});
export type TShownEnding = z.infer<typeof ZShownEnding>;
