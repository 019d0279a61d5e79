import { z } from "zod";
import { parseColour } from "../css-values.ts";
import { fontById } from "../fonts.ts";
import { isAllowedPicture } from "../style-guard.ts";

const picture = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === "" || isAllowedPicture(value), "style.url.forbidden")
  .default("");
const colour = z
  .string()
  .trim()
  .max(60)
  .refine((value) => value === "" || parseColour(value)?.a === 1, "style.value.invalid")
  .default("");

/**
 * An account's brand kit: its logo, cover picture, colours and font, saved once and applied to a
 * form in one click (forms.md §3). "" leaves a part unset. Pictures are the account's own uploads
 * (`/api/assets/<id>`) or https addresses; the font one the app serves (fonts.ts).
 */
export const ZBrandKit = z
  .object({
    logo: picture,
    cover: picture,
    /** Buttons and accents. */
    primaryColor: colour,
    /** The page around the form. */
    backgroundColor: colour,
    /** Titles and questions. */
    textColor: colour,
    /** A served font's id (fonts.ts), or "" for the theme's own. */
    fontId: z
      .string()
      .max(60)
      .refine((value) => value === "" || fontById(value) !== undefined, "brand_kit.font.unknown")
      .default(""),
  })
  .meta({ id: "BrandKit" });
export type TBrandKit = z.infer<typeof ZBrandKit>;

/** A picture uploaded for the brand kit: the address a kit, a form or a theme then names. */
export const ZBrandAsset = z.object({ url: z.string(), mimeType: z.string(), size: z.number() });
export type TBrandAsset = z.infer<typeof ZBrandAsset>;

/** The largest brand picture (a logo or a cover), never above the server's own upload limit. */
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Raster pictures only, told by their bytes: an SVG can carry script. */
export const BRAND_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
