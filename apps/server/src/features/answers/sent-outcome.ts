import type { TShownEnding } from "@formloom/core/ending-screens";
import { reachedEnding } from "@formloom/core/ending-screens";
import { SENT_PARAM } from "@formloom/core/path-args";
import { evaluate } from "@formloom/core/rules";
import { type ResultOutcome, scoreSubmission } from "@formloom/core/scoring";
import { respondentOutcome, type TRespondentOutcome } from "@formloom/core/thank-you";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms } from "../../db/schema.ts";
import { readForm } from "../forms/presenter.ts";

/** The key named in the address of a page after sending, when it has the Idempotency-Key's shape. */
export function sentKey(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[SENT_PARAM];
  return typeof value === "string" && /^[\x21-\x7e]{1,200}$/.test(value) ? value : undefined;
}

/** What the page after sending tells of a submission: its result and the ending screen it reached. */
export interface SentOutcome {
  outcome: TRespondentOutcome | null;
  ending: TShownEnding | null;
}

/**
 * The result a calculation form gave the submission stored under this key, and the ending screen
 * it reached: what the page after a form sent without JavaScript shows, as that page cannot keep
 * the answer's result in the tab. Told only to the browser that sent it (its respondent cookie):
 * the address may be shared or copied, and another browser opening it learns nothing. Null when
 * that browser stored no submission of this form under the key.
 */
export async function sentUnderKey(
  db: Db,
  formId: number,
  key: string,
  respondent: string | undefined,
): Promise<SentOutcome | null> {
  if (!respondent) return null;
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!form) return null;
  const [stored] = await db
    .select({
      answers: formAnswers.answers,
      score: formAnswers.score,
      result: formAnswers.result,
      submitTime: formAnswers.submitTime,
    })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, form.accountId),
        eq(formAnswers.formId, form.id),
        eq(formAnswers.submissionKey, key),
        eq(formAnswers.respondent, respondent),
      ),
    );
  if (!stored) return null;
  const { settings, fields } = readForm(form);
  const endings = settings.endingScreens ?? [];
  if (settings.type !== "calculation" && endings.length === 0) return { outcome: null, ending: null };
  const answers = Object.fromEntries(
    (stored.answers as Array<{ fieldId: string; answer: unknown }>).map((a) => [a.fieldId, a.answer]),
  );
  const result = (stored.result as ResultOutcome | null) ?? null;
  // The rules are run again on the stored answers, as they ran when the form was sent.
  const matched =
    endings.length > 0
      ? evaluate(fields, settings.conditionalRules, answers, { now: stored.submitTime, event: "submit" })
          .matched
      : [];
  const ending = reachedEnding(endings, result, matched);
  if (settings.type !== "calculation" || !result) return { outcome: null, ending };
  // The score and result stored then; the most it could reach, from the form as it is.
  const { maxScore } = scoreSubmission(settings, fields, answers);
  return {
    outcome: respondentOutcome({ total: Number(stored.score ?? 0), maxScore, result }),
    ending,
  };
}
