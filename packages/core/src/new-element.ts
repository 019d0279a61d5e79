import { type FieldType, type TElement, ZElement } from "./element-schema.ts";
import { fieldTypes } from "./field-registry.ts";
import type { Locale } from "./locales.ts";
import { inFormLanguage } from "./new-field-texts.ts";

/**
 * A new element of a type, as the builder adds it: the type's defaults over the schema's, its
 * starting texts in the form's language.
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
  return inFormLanguage(element, locale);
}
