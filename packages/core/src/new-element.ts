import { type FieldType, type TElement, ZElement } from "./element-schema.ts";
import { fieldTypes } from "./field-registry.ts";

/** A new element of a type, as the builder adds it: the type's defaults over the schema's. */
export function createElement(fieldType: FieldType, id: string, fieldOrder: number): TElement {
  const definition = fieldTypes[fieldType];
  return ZElement.parse({
    ...definition.createDefault(),
    id,
    fieldType,
    fieldOrder,
    isNonField:
      definition.category === "nonField" || (definition.category === "image" && !definition.answerSchema),
  });
}
