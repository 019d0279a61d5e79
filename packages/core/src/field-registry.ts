import type { FieldType, TElement } from "./element-schema.ts";
import { checkbox } from "./field-types/checkbox.ts";
import type { FieldTypeDefinition } from "./field-types/definition.ts";
import { email } from "./field-types/email.ts";
import { number } from "./field-types/number.ts";
import { radio } from "./field-types/radio.ts";
import { select } from "./field-types/select.ts";
import { submitBtn } from "./field-types/submit-btn.ts";
import { text } from "./field-types/text.ts";
import { textarea } from "./field-types/textarea.ts";
import { title } from "./field-types/title.ts";

/** The field-type registry: an explicit map, so a missing type is a compile error. */
export const fieldTypes: Record<FieldType, FieldTypeDefinition> = {
  title,
  submitBtn,
  text,
  textarea,
  number,
  email,
  radio,
  checkbox,
  select,
};

export function isAnswerable(element: TElement): boolean {
  return fieldTypes[element.fieldType].category !== "nonField" && !element.isNonField;
}

/** An answer as one line of text, for tables and exports; "" when the answer is absent. */
export function answerToText(element: TElement, answer: unknown): string {
  if (answer === undefined || answer === null) return "";
  const definition = fieldTypes[element.fieldType];
  const parsed = definition.answerSchema?.safeParse(answer);
  if (!parsed?.success) return typeof answer === "string" ? answer : JSON.stringify(answer);
  return definition.toText(element, parsed.data);
}
