import { isLightColour, mutedOn } from "./contrast.ts";
import {
  contrastRatio,
  parseColour,
  type Rgba,
  readableOn,
  safeAnimation,
  safeColour,
  safeFontFamily,
  safeGradient,
  safeImageUrl,
  safeLength,
  safePixels,
} from "./css-values.ts";
import type { FieldType, TElement } from "./element-schema.ts";
import { OWN_FILE_PATH, unwrapUrl } from "./style-guard.ts";
import type { TStyle } from "./style-schema.ts";

// The schema lives apart so the public form page, which only reads styles, carries no zod.
export { type TStyle, ZStyle } from "./style-schema.ts";

/** Built-in defaults of forms.md §9. */
export const DEFAULT_FORM_STYLE: TStyle = {
  width: "90%",
  position: "center",
  background: "#ffffff",
  borderStyle: "solid",
  borderWidth: 1,
  radius: 4,
  titleFontSize: 30,
  descriptionFontSize: 20,
  oneColumnBreakpoint: 480,
  twoColumnBreakpoint: 800,
  buttonColor: "#1971c2",
  buttonRadius: 3,
};

export const DEFAULT_FIELD_STYLE: TStyle = {
  borderStyle: "solid",
  borderWidth: 1,
  borderColor: "rgba(220,223,230,1)",
  radius: 4,
  margin: 10,
  padding: 10,
  titleFontSize: 18,
  questionFontSize: 16,
  valueFontSize: 14,
  placeholderFontSize: 14,
  commentFontSize: 13,
};

export interface StylingSlots {
  formStyling: TStyle;
  fieldsGeneralStyling: TStyle;
  fieldsTypesStyling: Partial<Record<FieldType, TStyle>>;
}

const isSet = (style: TStyle | undefined): style is TStyle =>
  style !== undefined && Object.keys(style).length > 0;

/** The sizes of a field's texts the form level may set for every field (its editor offers them). */
const FIELD_TEXT_SIZES = [
  "questionFontSize",
  "valueFontSize",
  "placeholderFontSize",
  "commentFontSize",
] as const;

/**
 * The cascade: an element with custom styling uses its own; otherwise its type's style;
 * otherwise the all-fields style; each laid over the built-in defaults, with the sizes of field
 * texts the form level sets taking the defaults' place.
 */
export function resolveElementStyle(element: TElement, slots: StylingSlots): TStyle {
  const own = element.styleSettings.hasCustomStyling
    ? (element.styleSettings.fieldsStyling as TStyle)
    : undefined;
  const chosen =
    [own, slots.fieldsTypesStyling[element.fieldType], slots.fieldsGeneralStyling].find(isSet) ?? {};
  const fromForm = Object.fromEntries(
    FIELD_TEXT_SIZES.flatMap((key) =>
      slots.formStyling[key] === undefined ? [] : [[key, slots.formStyling[key]]],
    ),
  );
  return { ...DEFAULT_FIELD_STYLE, ...fromForm, ...chosen };
}

export function resolveFormStyle(slots: StylingSlots): TStyle {
  return { ...DEFAULT_FORM_STYLE, ...slots.formStyling };
}

/** Removing an element's custom styling hands it back to its type's or the all-fields style. */
export function removeCustomStyling(element: TElement): TElement {
  return { ...element, styleSettings: { hasCustomStyling: false, fieldsStyling: {}, uniqFieldStyling: {} } };
}

/** Rollback: every level back to the built-in defaults. */
export function rollbackStyling(): StylingSlots {
  return { formStyling: { ...DEFAULT_FORM_STYLE }, fieldsGeneralStyling: {}, fieldsTypesStyling: {} };
}

/** Clearing all styling empties every level; only title elements keep their custom flag. */
export function clearAllStyling(elements: readonly TElement[]): {
  slots: StylingSlots;
  elements: TElement[];
} {
  return {
    slots: { formStyling: {}, fieldsGeneralStyling: {}, fieldsTypesStyling: {} },
    elements: elements.map((element) =>
      element.fieldType === "title"
        ? { ...element, styleSettings: { ...element.styleSettings, fieldsStyling: {}, uniqFieldStyling: {} } }
        : removeCustomStyling(element),
    ),
  };
}

type Variables = Record<string, string>;

function put(target: Variables, name: string, value: string | undefined) {
  if (value !== undefined) target[name] = value;
}

/** A background is a colour or an https picture (optionally written as `url(…)`). */
function backgroundParts(style: TStyle): { colour?: string; image?: string } {
  const raw = typeof style.background === "string" ? style.background.trim() : undefined;
  const colour = safeColour(raw);
  const picture = raw === undefined ? undefined : unwrapUrl(raw);
  const own = picture !== undefined && OWN_FILE_PATH.test(picture) ? `url("${picture}")` : undefined;
  const image =
    safeGradient(style.gradient) ??
    safeGradient(raw) ??
    (colour ? undefined : (own ?? safeImageUrl(picture)));
  return { ...(colour ? { colour } : {}), ...(image ? { image } : {}) };
}

const JUSTIFY = { left: "start", center: "center", right: "end" } as const;
const FORM_INLINE_MARGIN = { left: "0 auto", center: "auto", right: "auto 0" } as const;

const BORDER_STYLES = ["none", "solid", "dashed", "dotted", "double"] as const;
const borderStyleOf = (style: TStyle) => BORDER_STYLES.find((kind) => kind === style.borderStyle);

function borderOf(style: TStyle): string | undefined {
  const width = safePixels(style.borderWidth, 50);
  const kind = borderStyleOf(style);
  const colour = safeColour(style.borderColor);
  if (width === undefined && kind === undefined && colour === undefined) return undefined;
  return `${width ?? "1px"} ${kind ?? "solid"} ${colour ?? "var(--fl-border)"}`;
}

/** An accent colour and the text that reads on it. */
function putAccent(target: Variables, name: string, input: unknown) {
  const rgba = parseColour(input);
  if (!rgba || rgba.a < 1) return;
  target[`--fl-${name}`] = safeColour(input) as string;
  target[`--fl-on-${name}`] = readableOn(rgba);
}

const opacityOf = (value: unknown) =>
  typeof value === "number" && value >= 0 && value <= 1 ? String(value) : undefined;

/** The kinds of text the styling model colours one by one (forms.md §9's font sizes). */
const TEXT_PARTS = ["title", "question", "value", "placeholder", "comment"] as const;

const fontWeightOf = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 100 && value <= 900 && value % 100 === 0
    ? String(value)
    : undefined;

const PICTURE_PLACES = ["center", "top", "bottom", "left", "right"] as const;
const PICTURE_SIZES = ["cover", "contain", "auto"] as const;
const PICTURE_REPEATS = ["no-repeat", "repeat", "repeat-x", "repeat-y"] as const;

/** How a background picture sits: only the keywords the schema offers reach the page. */
function putPicture(target: Variables, prefix: "form" | "field", style: TStyle) {
  put(
    target,
    `--fl-${prefix}-image-position`,
    PICTURE_PLACES.find((v) => v === style.backgroundPosition),
  );
  put(
    target,
    `--fl-${prefix}-image-size`,
    PICTURE_SIZES.find((v) => v === style.backgroundSize),
  );
  put(
    target,
    `--fl-${prefix}-image-repeat`,
    PICTURE_REPEATS.find((v) => v === style.backgroundRepeat),
  );
}

/** The renderer's error red, and lighter ones for surfaces it does not read on (WCAG AA, 4.5:1). */
const ERROR_REDS = ["#c2255c", "#ff8fab", "#ffc9d6"] as const;

/**
 * What follows from a level's text colour on its own background: descriptions and comments in
 * that text softened as far as it still reads, and, for light text, inputs on the dark surface
 * instead of their white, so what a respondent types stays readable, and errors in a red that
 * reads on it.
 */
function putSurface(target: Variables, style: TStyle, background: string | undefined) {
  const text = parseColour(style.color);
  const surface = parseColour(background);
  if (!text || text.a < 1 || !surface || surface.a < 1) return;
  target["--fl-muted"] = mutedOn(text, surface);
  if (isLightColour(text)) target["--fl-input-background"] = background as string;
  // Set on every level with a surface: a light field on a dark form must not inherit the form's pink.
  target["--fl-error"] =
    ERROR_REDS.find((red) => contrastRatio(parseColour(red) as Rgba, surface) >= 4.5) ?? readableOn(surface);
}

/** Variables both levels share: text colour, font, background, opacity, animation, button. */
function commonVariables(style: TStyle, prefix: "form" | "field"): Variables {
  const vars: Variables = {};
  const { colour, image } = backgroundParts(style);
  put(vars, `--fl-${prefix}-background`, colour);
  put(vars, `--fl-${prefix}-image`, image);
  put(vars, `--fl-${prefix}-opacity`, opacityOf(style.opacity));
  put(vars, "--fl-text", safeColour(style.color));
  put(vars, "--fl-font", safeFontFamily(style.fontFamily));
  put(vars, "--fl-submit-radius", safePixels(style.buttonRadius, 200));
  putAccent(vars, "button", style.buttonColor);
  putPicture(vars, prefix, style);
  putSurface(vars, style, colour);
  for (const part of TEXT_PARTS) put(vars, `--fl-${part}-colour`, safeColour(style[`${part}Color`]));
  put(vars, "--fl-weight", fontWeightOf(style.fontWeight));
  const buttonText = parseColour(style.buttonTextColor);
  if (buttonText && buttonText.a === 1) put(vars, "--fl-on-button", safeColour(style.buttonTextColor));
  const animation = safeAnimation(style.animation);
  put(vars, `--fl-${prefix}-animation`, animation && animation !== "none" ? `fl-${animation}` : animation);
  return vars;
}

/**
 * The form level as CSS variables (names match the renderer's CSS). `formColor` is the form's
 * accent (focus rings, chosen options), the button colour its submit button.
 */
export function formStyleVariables(style: TStyle, formColor?: string): Variables {
  const vars = commonVariables(style, "form");
  putAccent(vars, "primary", formColor || style.buttonColor);
  const page = backgroundParts({ background: style.pageBackground });
  put(vars, "--fl-page-background", page.colour);
  put(vars, "--fl-page-image", page.image);
  put(vars, "--fl-form-width", safeLength(style.width));
  const position = style.position ? FORM_INLINE_MARGIN[style.position] : undefined;
  put(vars, "--fl-form-inline-margin", position);
  put(vars, "--fl-form-border", borderOf(style));
  put(vars, "--fl-form-radius", safePixels(style.radius, 200));
  put(vars, "--fl-form-padding", safePixels(style.padding));
  put(vars, "--fl-form-margin", safePixels(style.margin));
  put(vars, "--fl-title-size", safePixels(style.titleFontSize, 200));
  put(vars, "--fl-description-size", safePixels(style.descriptionFontSize, 200));
  // The matrix helper's colours set on the form are every matrix's, unless a field level sets its own.
  put(vars, "--fl-matrix-head", safeColour(style.matrixHeadColor));
  put(vars, "--fl-matrix-stripe", safeColour(style.matrixStripeColor));
  return vars;
}

/**
 * One element's resolved style as CSS variables, set on its wrapper so they override the
 * form's. `accent` is the colour of the element's category, when the form gives it one.
 */
export function fieldStyleVariables(style: TStyle, accent?: string): Variables {
  const vars = commonVariables(style, "field");
  put(vars, "--fl-border", safeColour(style.borderColor));
  put(vars, "--fl-border-width", safePixels(style.borderWidth, 50));
  put(vars, "--fl-border-style", borderStyleOf(style));
  put(vars, "--fl-radius", safePixels(style.radius, 200));
  put(vars, "--fl-field-margin", safePixels(style.margin));
  put(vars, "--fl-field-padding", safePixels(style.padding));
  put(vars, "--fl-field-width", safeLength(style.width));
  put(vars, "--fl-field-justify", style.position ? JUSTIFY[style.position] : undefined);
  put(vars, "--fl-section-size", safePixels(style.titleFontSize, 200));
  put(vars, "--fl-question-size", safePixels(style.questionFontSize, 200));
  put(vars, "--fl-value-size", safePixels(style.valueFontSize, 200));
  put(vars, "--fl-placeholder-size", safePixels(style.placeholderFontSize, 200));
  put(vars, "--fl-comment-size", safePixels(style.commentFontSize, 200));
  put(vars, "--fl-text-size", safePixels(style.descriptionFontSize, 200));
  put(vars, "--fl-matrix-head", safeColour(style.matrixHeadColor));
  put(vars, "--fl-matrix-stripe", safeColour(style.matrixStripeColor));
  if (accent !== undefined && parseColour(accent)?.a === 1) {
    putAccent(vars, "primary", accent);
    put(vars, "--fl-category", safeColour(accent));
  }
  return vars;
}

/**
 * The page-break helper (forms.md §4): the page-break type's button colour, text colour and
 * corners, worn by the Next and Back buttons that page breaks put between pages.
 */
export function pageButtonVariables(slots: Pick<StylingSlots, "fieldsTypesStyling">): Variables {
  const style = slots.fieldsTypesStyling.pageBreak ?? {};
  const vars: Variables = {};
  put(vars, "--fl-submit-radius", safePixels(style.buttonRadius, 200));
  putAccent(vars, "button", style.buttonColor);
  const text = parseColour(style.buttonTextColor);
  if (text && text.a === 1) put(vars, "--fl-on-button", safeColour(style.buttonTextColor));
  return vars;
}

/** The colour of the first of the element's categories the form colours. */
export function categoryColour(
  element: Pick<TElement, "elementCategories">,
  colours: Readonly<Record<string, string>>,
): string | undefined {
  const category = element.elementCategories.find((name) => parseColour(colours[name]) !== undefined);
  return category === undefined ? undefined : colours[category];
}
