import {
  ANIMATIONS,
  parseColour,
  safeFontFamily,
  safeGradient,
  safeImageUrl,
  safeLength,
} from "./css-values.ts";

/**
 * What an author may write into a level of styling. The renderer already drops what it cannot
 * read; this refuses it up front, with the property it belongs to, so an author learns why a
 * value did not take and a theme can never hide the form, its text or its buttons.
 */
export type StyleProblemCode =
  | "style.value.invalid"
  | "style.url.forbidden"
  | "style.css.forbidden"
  | "style.size.too_small"
  | "style.hidden";

export interface StyleProblem {
  /** The property's name in the level, such as `background` or `questionFontSize`. */
  property: string;
  code: StyleProblemCode;
}

/** The smallest text a theme may set: below it a question is not readable. */
export const MIN_FONT_SIZE = 10;
/** Below this opacity a form or field is as good as hidden. */
export const MIN_OPACITY = 0.3;

/** Uploaded pictures of this server (brand kits): the one kind of address besides https. */
export const OWN_FILE_PATH = /^\/api\/assets\/[0-9a-f]{32}$/;

/** Constructs that load or run something, or leave the value: never allowed in any text. */
const HOSTILE = [
  /expression\s*\(/i,
  /@import/i,
  /javascript:/i,
  /[{};<>\\]/,
  /behaviou?r\s*:/i,
  /-moz-binding/i,
];

function isHostileCss(text: string): boolean {
  return HOSTILE.some((pattern) => pattern.test(text));
}

/** An `url(…)`'s address, or the text itself when it is not written as one. */
export function unwrapUrl(text: string): string {
  const match = /^url\(\s*(["']?)(.*?)\1\s*\)$/is.exec(text.trim());
  return match ? (match[2] ?? "") : text.trim();
}

/** A picture the page may show: https, or one of our own uploaded files. */
export function isAllowedPicture(text: string): boolean {
  const address = unwrapUrl(text);
  return safeImageUrl(address) !== undefined || OWN_FILE_PATH.test(address);
}

const COLOUR_KEYS = new Set(["color", "borderColor", "buttonColor", "buttonTextColor"]);
const FONT_SIZE_KEYS = new Set([
  "titleFontSize",
  "questionFontSize",
  "valueFontSize",
  "placeholderFontSize",
  "commentFontSize",
  "descriptionFontSize",
]);
const COLOUR_SUFFIX = /Colou?r$/;

function backgroundProblem(value: string): StyleProblemCode | undefined {
  if (parseColour(value) !== undefined || safeGradient(value) !== undefined) return undefined;
  if (/^url\(/i.test(value.trim()) || /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) || value.startsWith("/"))
    return isAllowedPicture(value) ? undefined : "style.url.forbidden";
  return "style.value.invalid";
}

function textProblem(property: string, value: string): StyleProblemCode | undefined {
  if (isHostileCss(value)) return "style.css.forbidden";
  if (property === "background" || property === "pageBackground") return backgroundProblem(value);
  if (/url\(/i.test(value)) return isAllowedPicture(value) ? undefined : "style.url.forbidden";
  if (property === "gradient") return safeGradient(value) ? undefined : "style.value.invalid";
  if (COLOUR_KEYS.has(property) || COLOUR_SUFFIX.test(property))
    return value === "" || parseColour(value) ? undefined : "style.value.invalid";
  if (property === "fontFamily") return safeFontFamily(value) ? undefined : "style.value.invalid";
  if (property === "width") return widthProblem(value);
  if (property === "animation")
    return ANIMATIONS.some((name) => name === value) ? undefined : "style.value.invalid";
  return undefined;
}

function widthProblem(value: string): StyleProblemCode | undefined {
  const length = safeLength(value);
  if (length === undefined) return "style.value.invalid";
  const amount = Number.parseFloat(length);
  if (length === "auto") return undefined;
  // A width of nothing hides the form or a field as surely as display: none.
  const tiny = length.endsWith("%") ? amount < 10 : length.endsWith("px") ? amount < 40 : amount < 2;
  return tiny ? "style.hidden" : undefined;
}

function numberProblem(property: string, value: number): StyleProblemCode | undefined {
  if (!Number.isFinite(value)) return "style.value.invalid";
  if (FONT_SIZE_KEYS.has(property)) return value < MIN_FONT_SIZE ? "style.size.too_small" : undefined;
  if (property === "opacity") return value < MIN_OPACITY ? "style.hidden" : undefined;
  // Negative spacing pulls buttons and fields off the screen or under one another.
  return value < 0 ? "style.value.invalid" : undefined;
}

/** Every property of one level that breaks the grammar, in the order they were written. */
export function styleProblems(style: Readonly<Record<string, unknown>>): StyleProblem[] {
  const problems: StyleProblem[] = [];
  for (const [property, value] of Object.entries(style)) {
    const code =
      typeof value === "string"
        ? textProblem(property, value)
        : typeof value === "number"
          ? numberProblem(property, value)
          : undefined;
    if (code) problems.push({ property, code });
  }
  return problems;
}
