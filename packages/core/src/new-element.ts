import { type FieldType, type TElement, ZElement } from "./element-schema.ts";
import { fieldTypes } from "./field-registry.ts";
import type { Locale } from "./locales.ts";
import { inFormLanguage } from "./new-field-texts.ts";

/**
 * A new element of a type, as the builder adds it: the type's defaults over the schema's, its
 * starting texts in the form's language, and a number question written with the decimal mark
 * of that language ("3,5" in Russian: the browser's own number box would take it as 35).
 */
export function createElement(
  fieldType: FieldType,
  id: string,
  fieldOrder: number,
  locale: Locale = "en",
): TElement {
  const definition = fieldTypes[fieldType];
  const element = ZElement.parse({
    ...definition.createDefault(),
    id,
    fieldType,
    fieldOrder,
    isNonField:
      definition.category === "nonField" || (definition.category === "image" && !definition.answerSchema),
  });
  const comma = fieldType === "number" && new Intl.NumberFormat(locale).format(1.5).includes(",");
  const told = inFormLanguage(element, locale);
  return comma ? { ...told, fieldSettings: { ...told.fieldSettings, numberFormat: "comma" } } : told;
}
