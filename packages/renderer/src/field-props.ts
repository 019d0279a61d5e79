import type { TElement } from "@formloom/core/element-schema";

export interface FieldProps {
  element: TElement;
  value: unknown;
  onChange(value: unknown): void;
  /** Ids for the input and its described-by texts, so labels and errors are announced. */
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
}
