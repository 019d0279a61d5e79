import type { TElement } from "@formloom/core/element-schema";
import type { LAYOUT_TYPES } from "@formloom/core/form-schema";

export type LayoutType = (typeof LAYOUT_TYPES)[number];

export interface LayoutDrawing {
  /** Relative widths of the columns, left to right. */
  columns: number[];
  header: boolean;
  footer: boolean;
}

/** What a layout looks like, read from its name: "2-col-33-67-header" is a narrow and a wide column under a header. */
export function layoutDrawing(type: LayoutType): LayoutDrawing {
  const count = Number(type.split("-")[0]);
  const columns = type.includes("33-67") ? [1, 2] : type.includes("67-33") ? [2, 1] : Array(count).fill(1);
  return { columns, header: type.includes("header"), footer: type.includes("footer") };
}

/** The picker's order: each arrangement beside its variant with a header. */
export const LAYOUTS: readonly LayoutType[] = [
  "1-col",
  "1-col-header",
  "1-col-footer",
  "1-col-header-footer",
  "2-col",
  "2-col-header",
  "3-col",
  "3-col-header",
  "4-col",
  "4-col-header",
  "2-col-33-67",
  "2-col-33-67-header",
  "2-col-67-33",
  "2-col-67-33-header",
];

/** The names an element's column goes by (`fieldColumn`); the first lets it flow into the next free cell. */
export const COLUMN_NAMES = ["col-first", "col-second", "col-third", "col-fourth"] as const;

/** The columns an element may be put in under a layout. */
export const columnChoices = (type: LayoutType) => COLUMN_NAMES.slice(0, layoutDrawing(type).columns.length);

/** Elements that always span every column: section titles, the buttons, page breaks. */
const FULL_WIDTH: ReadonlySet<string> = new Set([
  "title",
  "submitBtn",
  "pageBreak",
  "pageButtons",
  "stepper",
]);

/** Elements the author may place in a column. */
export const placeableElements = (fields: readonly TElement[]) =>
  fields.filter((field) => !FULL_WIDTH.has(field.fieldType));

/**
 * An element's column under a layout: one that no longer exists (four columns down to two) is
 * shown as the first, as the form draws it.
 */
export function columnShown(element: TElement, type: LayoutType): string {
  const choices: readonly string[] = columnChoices(type);
  return choices.includes(element.fieldColumn) ? element.fieldColumn : "col-first";
}
