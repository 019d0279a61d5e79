import type { FieldType } from "@formloom/core/element-schema";
import type { ComponentType } from "react";
import type { FieldProps } from "./field-props.ts";
import { CheckboxField, RadioField, SelectField } from "./fields/choice-fields.tsx";
import { EmailField, NumberField, TextareaField, TextField } from "./fields/text-fields.tsx";

/**
 * One input component per answerable field type; non-field types (title, submit button) are
 * laid out by the form itself and map to null. A missing type is a compile error.
 */
export const fieldComponents: Record<FieldType, ComponentType<FieldProps> | null> = {
  title: null,
  submitBtn: null,
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  email: EmailField,
  radio: RadioField,
  checkbox: CheckboxField,
  select: SelectField,
};
