import type { PolygonColor } from "@formloom/core/interviewer-areas";
import { msg } from "../../../i18n/i18n.ts";

/** forms.md §9's nine polygon colours as the map paints them. */
export const POLYGON_HEX: Record<PolygonColor, string> = {
  orange: "#f76707",
  lemon: "#c9cf1d",
  lime: "#74b816",
  green: "#2f9e44",
  pink: "#e64980",
  blue: "#1c7ed6",
  yellow: "#f59f00",
  ocean: "#0b7285",
  purple: "#7048e8",
};

/** The nine colours' names, as the colour picker reads them out. */
export const COLOR_NAMES: Record<PolygonColor, string> = {
  orange: msg("Orange"),
  lemon: msg("Lemon"),
  lime: msg("Lime"),
  green: msg("Green"),
  pink: msg("Pink"),
  blue: msg("Blue"),
  yellow: msg("Yellow"),
  ocean: msg("Ocean"),
  purple: msg("Purple"),
};
