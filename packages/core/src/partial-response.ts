import type { FieldType, TElement } from "./element-schema.ts";
import { isAnswerable } from "./field-registry.ts";

/**
 * A filling kept before it is sent: in the browser (always) and on the server (where the author
 * turned on "save partial responses"). No zod here: the public page's script carries this file.
 */

/**
 * Answers never kept before sending: a password is not left lying in storage, a captcha's solution
 * is good once, and a signature is a drawing of its own. Files and recordings are kept as the
 * references to what was uploaded: the uploads wait on the server under the filling's key, which
 * a filling taken up again is sent with.
 */
const NEVER_KEPT: ReadonlySet<FieldType> = new Set(["signature", "password", "captcha"]);

/** Whether a question's answer may be kept before the form is sent. */
export const isKeptBeforeSending = (field: TElement) =>
  isAnswerable(field) && !NEVER_KEPT.has(field.fieldType);

/** The answers that may be kept, of questions of the form; empty ones left out. */
export function keptAnswers(
  fields: readonly TElement[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.id];
    if (!isKeptBeforeSending(field) || isEmpty(value)) continue;
    kept[field.id] = value;
  }
  return kept;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}

/** What one save of a partial response may weigh and how often one respondent may save. */
export const PARTIAL_LIMITS = {
  /** The body of one save, in bytes. */
  bytes: 256 * 1024,
  windowSeconds: 600,
  perRespondent: 300,
  perAddress: 1500,
} as const;
