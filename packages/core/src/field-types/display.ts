import type { TElementInput } from "../element-schema.ts";
import { defineFieldType, type FieldCategory } from "./definition.ts";

/** An element that shows something or arranges the form, and takes no answer. */
export function displayElement(
  label: string,
  defaults: Partial<TElementInput> = {},
  category: FieldCategory = "nonField",
) {
  return defineFieldType<never>({
    category,
    label,
    createDefault: () => ({ isNonField: category !== "field", ...defaults }),
    isEmpty: () => true,
    toText: () => "",
  });
}
