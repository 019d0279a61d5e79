import { answerLimit } from "@formloom/core/answer-limits";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TElement } from "@formloom/core/element-schema";
import type { MessageCode } from "@formloom/core/errors";
import type { Translate } from "./translate.ts";

/**
 * Under one question the required-field message speaks of that field alone; the server's code
 * for it is shared with the form-level summary, which speaks of all of them.
 */
export function fieldErrorCode(code: string): string {
  return code === ("answer.required" satisfies MessageCode) ? "answer.field_required" : code;
}

/** The codes of answers still on their way (an upload, a recording): nothing to correct, only to wait for. */
const PENDING = new Set<string>([
  "widget.upload.in_progress",
  "widget.record.in_progress",
] satisfies MessageCode[]);

/** What the summary by the send button says when sending was refused; null when nothing was. */
export function summaryKey(codes: readonly string[]): string | null {
  if (codes.length === 0) return null;
  if (codes.every((code) => PENDING.has(code))) return "widget.pending_summary";
  return codes.includes("answer.required") ? "answer.required" : RESPONDENT_TEXTS.fixAnswers;
}

/**
 * An error under a question in the form's language, with the limit the answer broke when it has
 * one ("The file is too large: at most 0.2 MB per file"); `uploadMaxMb` is the server's file size.
 */
export function errorText(
  field: TElement,
  code: string,
  language: { translate: Translate; locale: string; uploadMaxMb?: number | undefined },
): string {
  const { translate, locale, uploadMaxMb } = language;
  const text = translate(fieldErrorCode(code));
  const limit = answerLimit(field, code, uploadMaxMb);
  if (!limit) return text;
  const format = new Intl.NumberFormat(locale);
  const values = Object.fromEntries(
    Object.entries(limit.values).map(([name, value]) => [
      name,
      typeof value === "number" ? format.format(value) : value,
    ]),
  );
  return `${text}: ${translate(limit.text, values)}`;
}
