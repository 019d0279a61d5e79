import type { z } from "zod";
import type { TElement, TElementInput } from "../element-schema.ts";
import type { MessageCode } from "../errors.ts";

export type FieldCategory = "field" | "nonField" | "image";

/**
 * What one field type is: how a new element of it starts, what an answer to it looks like,
 * when that answer is wrong, and how it reads as text in tables and exports.
 */
export interface FieldTypeDefinition<Answer = unknown> {
  category: FieldCategory;
  /** Name shown in the builder's palette. */
  label: string;
  /** Values a new element of this type starts with (beyond the element schema's defaults). */
  createDefault(): Partial<TElementInput>;
  /** Shape of an answer; a value that does not parse is `answer.invalid`. Absent for non-fields. */
  answerSchema?: z.ZodType<Answer>;
  isEmpty(answer: Answer): boolean;
  /** Checks beyond the shape, against the element's settings. */
  validate?(element: TElement, answer: Answer): MessageCode | null;
  toText(element: TElement, answer: Answer): string;
}

/** Lets each type file declare its answer type while the registry holds them side by side. */
export function defineFieldType<Answer>(
  definition: FieldTypeDefinition<Answer>,
): FieldTypeDefinition<unknown> {
  return definition as FieldTypeDefinition<unknown>;
}
