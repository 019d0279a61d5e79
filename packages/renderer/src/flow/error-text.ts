import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { MessageCode } from "@formloom/core/errors";

/**
 * Under one question the required-field message speaks of that field alone; the server's code
 * for it is shared with the form-level summary, which speaks of all of them.
 */
export function fieldErrorCode(code: string): string {
  return code === ("answer.required" satisfies MessageCode) ? "answer.field_required" : code;
}

/** What the summary by the send button says when sending was refused; null when nothing was. */
export function summaryKey(codes: readonly string[]): string | null {
  if (codes.length === 0) return null;
  return codes.includes("answer.required") ? "answer.required" : RESPONDENT_TEXTS.fixAnswers;
}
