import { z } from "zod";
import { FIELD_TYPES } from "../element-schema.ts";
import { LOCALES } from "../locales.ts";
import { ZStyle } from "../style-schema.ts";
import { ZRowId } from "./ids.ts";
import { seenName } from "./names.ts";

/**
 * A theme (forms.md §3 "Theme"): a named styling a form can take on. Its styling holds the
 * three levels a form has: the form itself, all fields, and one field type.
 */
export const ZThemeStyling = z.object({
  formStyling: ZStyle.default({}),
  fieldsGeneralStyling: ZStyle.default({}),
  fieldsTypesStyling: z.partialRecord(z.enum(FIELD_TYPES), ZStyle).default({}),
  formColor: z.string().max(60).optional(),
});
export type TThemeStyling = z.infer<typeof ZThemeStyling>;

/** platform.md §5: a theme's name is required (and unique, which the server checks). */
const ZThemeName = seenName("theme.name.empty").trim().min(1, "theme.name.empty").max(100);

export const ZThemeCreateBody = z.object({
  name: ZThemeName,
  description: z.string().trim().max(1000).default(""),
  order: z.number().int().min(0).max(100000).default(0),
  styling: ZThemeStyling,
});
export type TThemeCreateBody = z.input<typeof ZThemeCreateBody>;

export const ZThemePatchBody = z.object({
  name: ZThemeName.optional(),
  description: z.string().trim().max(1000).optional(),
  order: z.number().int().min(0).max(100000).optional(),
  styling: ZThemeStyling.optional(),
});
export type TThemePatchBody = z.input<typeof ZThemePatchBody>;

export const ZTheme = z.object({
  id: z.number(),
  /** A random 9-character id, as the theme lists show it (forms.md §9). */
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number(),
  styling: ZThemeStyling,
  /** "own": the user's; "common": the whole account's, kept by its admins. */
  kind: z.enum(["own", "common"]),
  creationDate: z.string(),
});
export type TTheme = z.infer<typeof ZTheme>;

export const ZThemeList = z.object({ themes: z.array(ZTheme) });

export const ZOwnThemesParams = z.object({ userId: ZRowId });
export const ZOwnThemeParams = z.object({ themeId: ZRowId, userId: ZRowId });
export const ZCommonThemeParams = z.object({ themeId: ZRowId });

/** A theme with nothing in any level: applying it would change nothing (forms.md §8). */
export function isEmptyThemeStyling(styling: TThemeStyling): boolean {
  const empty = (style: object | undefined) => !style || Object.keys(style).length === 0;
  return (
    empty(styling.formStyling) &&
    empty(styling.fieldsGeneralStyling) &&
    Object.values(styling.fieldsTypesStyling ?? {}).every(empty) &&
    !styling.formColor
  );
}

/** GET /backgrounds/grouped: the designer's background library, named in the asked language. */
export const ZBackgroundsQuery = z.object({
  lang: z
    .enum(LOCALES)
    .optional()
    .describe("The names' language; the Accept-Language header's, else English."),
});
export const ZBackgroundGroups = z.object({
  groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      backgrounds: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          /** A colour or gradient, to be set as a level's `background` or the form's `pageBackground`. */
          background: z.string(),
        }),
      ),
    }),
  ),
});
export type TBackgroundGroups = z.infer<typeof ZBackgroundGroups>;
