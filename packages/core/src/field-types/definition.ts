import type { z } from "zod/mini";
import type { TElement, TElementInput } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";

/** forms.md §3: field types, non-field types, and image types. */
export type FieldCategory = "field" | "nonField" | "image";

/**
 * What one field type is: how a new element of it starts, what an answer to it looks like,
 * when that answer is wrong, how it scores, and how it reads as text in tables and exports.
 * A type without an answer schema takes no answer (display elements, containers, formulas).
 */
export interface FieldTypeDefinition<Answer = unknown> {
  category: FieldCategory;
  /** Name shown in the builder's palette. */
  label: string;
  /** Values a new element of this type starts with (beyond the element schema's defaults). */
  createDefault(): Partial<TElementInput>;
  /** Shape of an answer; a value that does not parse is `answer.invalid`. */
  answerSchema?: z.ZodMiniType<Answer>;
  isEmpty(answer: Answer): boolean;
  /** Checks beyond the shape, against the element's settings. */
  validate?(element: TElement, answer: Answer): MessageCode | null;
  /** Under check_values: how right the answer is, from 0 to 1 (partial credit where it applies). */
  correctness?(element: TElement, answer: Answer): number;
  toText(element: TElement, answer: Answer): string;
}

/** Lets each type file declare its answer type while the registry holds them side by side. */
export function defineFieldType<Answer>(
  definition: FieldTypeDefinition<Answer>,
): FieldTypeDefinition<unknown> {
  return definition as FieldTypeDefinition<unknown>;
}
