import { type ResultOutcome, scoreSubmission } from "@formloom/core/scoring";
import { respondentOutcome, type TRespondentOutcome } from "@formloom/core/thank-you";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms } from "../../db/schema.ts";
import { readForm } from "../forms/presenter.ts";

/** Where the thank-you page a post without JavaScript is sent on to names its submission's key. */
export const SENT_PARAM = "sent";

/** The key named in a thank-you page's address, when it has the Idempotency-Key's shape. */
export function sentKey(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[SENT_PARAM];
  return typeof value === "string" && /^[\x21-\x7e]{1,200}$/.test(value) ? value : undefined;
}

/**
 * The result a calculation form gave the submission stored under this key: what the thank-you
 * page shows after a form sent without JavaScript, which cannot keep the answer's result in the
 * tab. Only the key's holder, the browser that sent it, can ask; null for any other form or key.
 */
export async function outcomeUnderKey(
  db: Db,
  formId: number,
  key: string,
): Promise<TRespondentOutcome | null> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!form) return null;
  const { settings, fields } = readForm(form);
  if (settings.type !== "calculation") return null;
  const [stored] = await db
    .select({ answers: formAnswers.answers, score: formAnswers.score, result: formAnswers.result })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, form.accountId),
        eq(formAnswers.formId, form.id),
        eq(formAnswers.submissionKey, key),
      ),
    );
  if (!stored?.result) return null;
  // The score and result stored then; the most it could reach, from the form as it is.
  const answers = (stored.answers as Array<{ fieldId: string; answer: unknown }>).map((a) => [
    a.fieldId,
    a.answer,
  ]);
  const { maxScore } = scoreSubmission(settings, fields, Object.fromEntries(answers));
  return respondentOutcome({
    total: Number(stored.score ?? 0),
    maxScore,
    result: stored.result as ResultOutcome,
  });
}
