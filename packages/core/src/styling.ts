import { z } from "zod";
import type { FieldType, TElement } from "./element-schema.ts";

/**
 * One level of styling (forms.md §3 "Styling"): background, colours, gradients, opacity, border,
 * radius, spacing, width, position, fonts, animations and column break points.
 */
export const ZStyle = z.looseObject({
  background: z.string().max(500).optional(),
  color: z.string().max(60).optional(),
  gradient: z.string().max(500).optional(),
  opacity: z.number().min(0).max(1).optional(),
  borderStyle: z.enum(["none", "solid", "dashed", "dotted", "double"]).optional(),
  borderWidth: z.number().min(0).max(50).optional(),
  borderColor: z.string().max(60).optional(),
  radius: z.number().min(0).max(200).optional(),
  margin: z.number().min(0).max(500).optional(),
  padding: z.number().min(0).max(500).optional(),
  width: z.string().max(20).optional(),
  position: z.enum(["left", "center", "right"]).optional(),
  fontFamily: z.string().max(200).optional(),
  titleFontSize: z.number().min(6).max(200).optional(),
  questionFontSize: z.number().min(6).max(200).optional(),
  valueFontSize: z.number().min(6).max(200).optional(),
  placeholderFontSize: z.number().min(6).max(200).optional(),
  commentFontSize: z.number().min(6).max(200).optional(),
  descriptionFontSize: z.number().min(6).max(200).optional(),
  animation: z.string().max(100).optional(),
  oneColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
  twoColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
  buttonColor: z.string().max(60).optional(),
  buttonRadius: z.number().min(0).max(200).optional(),
});
export type TStyle = z.infer<typeof ZStyle>;

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
  buttonColor: "#228be6",
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

/**
 * The cascade: an element with custom styling uses its own; otherwise its type's style;
 * otherwise the all-fields style; each laid over the built-in defaults.
 */
export function resolveElementStyle(element: TElement, slots: StylingSlots): TStyle {
  const own = element.styleSettings.hasCustomStyling
    ? (element.styleSettings.fieldsStyling as TStyle)
    : undefined;
  const chosen =
    [own, slots.fieldsTypesStyling[element.fieldType], slots.fieldsGeneralStyling].find(isSet) ?? {};
  return { ...DEFAULT_FIELD_STYLE, ...chosen };
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

/** The styling as CSS variables for the renderer (names match renderer.css). */
export function styleVariables(form: TStyle, field: TStyle): Record<string, string> {
  const px = (value: number | undefined) => (value === undefined ? undefined : `${value}px`);
  const entries: Array<[string, string | undefined]> = [
    ["--fl-primary", form.buttonColor],
    ["--fl-form-background", form.background],
    ["--fl-form-width", form.width],
    ["--fl-title-size", px(form.titleFontSize)],
    ["--fl-description-size", px(form.descriptionFontSize)],
    ["--fl-submit-radius", px(form.buttonRadius)],
    ["--fl-border", field.borderColor],
    ["--fl-radius", px(field.radius)],
    ["--fl-field-gap", px(field.margin)],
    ["--fl-question-size", px(field.questionFontSize)],
    ["--fl-value-size", px(field.valueFontSize)],
    ["--fl-comment-size", px(field.commentFontSize)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}
