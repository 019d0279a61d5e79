import type { TElement } from "@formloom/core/element-schema";
import type { LAYOUT_TYPES, TFormSettings } from "@formloom/core/form-schema";
import {
  categoryColour,
  fieldStyleVariables,
  formStyleVariables,
  resolveElementStyle,
  resolveFormStyle,
  type StylingSlots,
} from "@formloom/core/styling";
import type { CSSProperties } from "react";

export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** The settings the look of a form is made from (forms.md §3, §9). */
export type StyleSettings = Partial<
  Pick<
    TFormSettings,
    | "layoutType"
    | "formStyling"
    | "fieldsGeneralStyling"
    | "fieldsTypesStyling"
    | "formColor"
    | "fieldsCategoriesColors"
  >
>;

export interface LayoutShape {
  /** Columns the layout has on a wide screen. */
  columns: 1 | 2 | 3 | 4;
  /** CSS grid tracks for those columns. */
  tracks: string;
  header: boolean;
  footer: boolean;
}

const EQUAL = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** The 14 layouts: seven arrangements, each also with a header band. */
export const LAYOUTS: Readonly<Record<LayoutType, LayoutShape>> = {
  "1-col": { columns: 1, tracks: EQUAL(1), header: false, footer: false },
  "1-col-header": { columns: 1, tracks: EQUAL(1), header: true, footer: false },
  "1-col-footer": { columns: 1, tracks: EQUAL(1), header: false, footer: true },
  "1-col-header-footer": { columns: 1, tracks: EQUAL(1), header: true, footer: true },
  "2-col": { columns: 2, tracks: EQUAL(2), header: false, footer: false },
  "2-col-header": { columns: 2, tracks: EQUAL(2), header: true, footer: false },
  "3-col": { columns: 3, tracks: EQUAL(3), header: false, footer: false },
  "3-col-header": { columns: 3, tracks: EQUAL(3), header: true, footer: false },
  "4-col": { columns: 4, tracks: EQUAL(4), header: false, footer: false },
  "4-col-header": { columns: 4, tracks: EQUAL(4), header: true, footer: false },
  "2-col-33-67": { columns: 2, tracks: "minmax(0, 1fr) minmax(0, 2fr)", header: false, footer: false },
  "2-col-33-67-header": { columns: 2, tracks: "minmax(0, 1fr) minmax(0, 2fr)", header: true, footer: false },
  "2-col-67-33": { columns: 2, tracks: "minmax(0, 2fr) minmax(0, 1fr)", header: false, footer: false },
  "2-col-67-33-header": { columns: 2, tracks: "minmax(0, 2fr) minmax(0, 1fr)", header: true, footer: false },
};

export const layoutOf = (settings: StyleSettings): LayoutShape =>
  LAYOUTS[settings.layoutType ?? "1-col"] ?? LAYOUTS["1-col"];

/** Elements that introduce or close a form rather than ask something: they may sit in its header or footer. */
const BAND_TYPES: ReadonlySet<string> = new Set(["title", "markup", "imagePromo", "imageSlider"]);
/** Elements that span every column wherever they are: section titles, the submit button. */
const FULL_WIDTH_TYPES: ReadonlySet<string> = new Set([
  "title",
  "submitBtn",
  "pageBreak",
  "pageButtons",
  "stepper",
]);

export type Area = "header" | "footer" | "full";

/**
 * Which elements leave the columns. The header takes the leading title-like elements (or, when
 * the form opens with a question, nothing but the form's own title); the footer the trailing
 * ones, or the last element when there are none. Title elements always span all columns.
 */
export function layoutAreas(layout: LayoutShape, ordered: readonly TElement[]): Map<string, Area> {
  const areas = new Map<string, Area>();
  for (const element of ordered) if (FULL_WIDTH_TYPES.has(element.fieldType)) areas.set(element.id, "full");
  if (layout.header) {
    for (const element of ordered) {
      if (!BAND_TYPES.has(element.fieldType)) break;
      areas.set(element.id, "header");
    }
  }
  if (layout.footer) {
    const closing = ordered.filter((element) => element.fieldType !== "submitBtn");
    let taken = 0;
    for (const element of [...closing].reverse()) {
      if (!BAND_TYPES.has(element.fieldType) || areas.get(element.id) === "header") break;
      areas.set(element.id, "footer");
      taken += 1;
    }
    const last = closing.at(-1);
    if (taken === 0 && last && areas.get(last.id) !== "header") areas.set(last.id, "footer");
  }
  return areas;
}

const COLUMN_NAMES = ["col-first", "col-second", "col-third", "col-fourth"];

/** The column the author put an element in (1-based), or undefined to let it flow. */
export function columnOf(element: TElement, layout: LayoutShape): number | undefined {
  const index = COLUMN_NAMES.indexOf(element.fieldColumn);
  return index > 0 && index < layout.columns ? index + 1 : undefined;
}

export const slotsOf = (settings: StyleSettings): StylingSlots => ({
  formStyling: settings.formStyling ?? {},
  fieldsGeneralStyling: settings.fieldsGeneralStyling ?? {},
  fieldsTypesStyling: settings.fieldsTypesStyling ?? {},
});

/** What the <form> carries: its layout and its variables. */
export function formStyle(settings: StyleSettings): { style: CSSProperties; layout: LayoutType } {
  const layout = settings.layoutType && LAYOUTS[settings.layoutType] ? settings.layoutType : "1-col";
  const shape = LAYOUTS[layout];
  const vars: Record<string, string> = {
    ...formStyleVariables(resolveFormStyle(slotsOf(settings)), settings.formColor),
    "--fl-layout-columns": shape.tracks,
  };
  // The layout's width cap gives way to a width the author chose.
  if (settings.formStyling?.width !== undefined && vars["--fl-form-width"])
    vars["--fl-form-max-width"] = "100%";
  return { style: vars as CSSProperties, layout };
}

/** What one element's wrapper carries: its resolved style, category accent, layout area and column. */
export function fieldStyle(
  element: TElement,
  settings: StyleSettings,
  area: Area | undefined,
): { style: CSSProperties; "data-area"?: Area; "data-category"?: string } {
  const slots = slotsOf(settings);
  const accent = categoryColour(element, settings.fieldsCategoriesColors ?? {});
  const vars: Record<string, string> = fieldStyleVariables(resolveElementStyle(element, slots), accent);
  const column = columnOf(element, layoutOf(settings));
  if (column !== undefined && area === undefined) vars["--fl-column"] = String(column);
  return {
    style: vars as CSSProperties,
    ...(area ? { "data-area": area } : {}),
    ...(accent ? { "data-category": "" } : {}),
  };
}
