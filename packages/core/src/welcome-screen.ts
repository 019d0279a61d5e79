import { z } from "zod";
import { isAllowedPicture } from "./style-guard.ts";

/**
 * The optional screen a respondent sees before the questions: a title, a few words, a picture and
 * the button that starts the form. Drawn in the form's theme.
 */
export const ZWelcomeScreen = z.object({
  show: z.boolean().default(false),
  title: z.string().max(300).default(""),
  text: z.string().max(3000).default(""),
  /** An https picture or one of this server's uploaded files (style-guard.ts). */
  picture: z
    .string()
    .max(2000)
    .refine((value) => value === "" || isAllowedPicture(value), "style.url.forbidden")
    .default(""),
  buttonLabel: z.string().max(100).default(""),
});
export type TWelcomeScreen = z.infer<typeof ZWelcomeScreen>;
