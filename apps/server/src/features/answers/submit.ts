import { parseInterval } from "@formloom/core/interval";
import { scoreSubmission } from "@formloom/core/scoring";
import type { TSubmission } from "@formloom/core/submission";
import { validateSubmission } from "@formloom/core/submission";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";
import { deviceFromHeaders } from "./device.ts";

export interface SubmissionMeta {
  ip: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  visitor: UserRow | undefined;
}

/**
 * Stores a respondent's submission after checking it with core's validation. The answer and
 * the form's last-answered date are written in one transaction; once this returns, the
 * submission is committed.
 */
export async function submitAnswer(db: Db, body: TSubmission, meta: SubmissionMeta) {
  const [form] = await db.select().from(forms).where(eq(forms.id, body.formId));
  if (!form) throw notFound("form.not_found");
  // One read of the stored form serves every step below.
  const { settings, fields } = readForm(form);
  assertFillable(form, settings, meta.visitor);

  const { errors, answers, outcome } = validateSubmission(fields, body.answers, {
    rules: settings.conditionalRules,
    captcha: body.captcha,
  });
  if (errors.length > 0) throw badRequest("submission.invalid", errors);
  // A rule may publish or unpublish the form; the last such intent wins.
  const publishing = outcome.intents
    .filter((intent) => intent.type === "publish" || intent.type === "unpublish")
    .at(-1);

  await assertIntervalPassed(db, form, settings.nextSubmissionTime, body, meta);

  const scored =
    settings.type === "calculation"
      ? scoreSubmission(settings, fields, Object.fromEntries(answers.map((a) => [a.fieldId, a.answer])), {
          cursorOutCases: cursorOutCases(body.miscData),
        })
      : null;

  const submitTime = new Date();
  const startTime = body.startTime ? new Date(body.startTime) : null;
  const passing =
    body.formPassingTime ?? (startTime ? (submitTime.getTime() - startTime.getTime()) / 1000 : null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formAnswers)
      .values({
        accountId: form.accountId,
        formId: form.id,
        userId: meta.visitor?.accountId === form.accountId ? meta.visitor.id : null,
        startTime: startTime && startTime <= submitTime ? startTime : null,
        submitTime,
        formPassingTime: passing === null || passing < 0 ? null : Math.round(passing),
        answers,
        device: deviceFromHeaders(meta.userAgent, meta.acceptLanguage),
        deviceFingerprint: body.deviceFingerprint ?? null,
        ip: meta.ip,
        miscData: body.miscData ?? null,
        score: scored?.total ?? null,
        result: scored?.result ?? null,
        fieldScores: scored?.fieldScores ?? null,
      })
      .returning({ id: formAnswers.id, submitTime: formAnswers.submitTime });
    const published = publishing
      ? {
          isPublished: publishing.type === "publish",
          settings: { ...settings, isPublished: publishing.type === "publish" },
        }
      : {};
    await tx
      .update(forms)
      .set({ lastAnsweredAt: sql`now()`, ...published })
      .where(and(eq(forms.accountId, form.accountId), eq(forms.id, form.id)));
    return { id: row!.id, submitTime: row!.submitTime.toISOString() };
  });
}

/**
 * A form with a time between submissions refuses a second one from the same respondent too
 * soon: the same signed-in user, else the same device fingerprint, else the same address.
 */
async function assertIntervalPassed(
  db: Db,
  form: typeof forms.$inferSelect,
  nextSubmissionTime: string,
  body: TSubmission,
  meta: SubmissionMeta,
): Promise<void> {
  const interval = parseInterval(nextSubmissionTime);
  if (!interval.ok || interval.seconds === null) return;
  const respondent = meta.visitor
    ? eq(formAnswers.userId, meta.visitor.id)
    : body.deviceFingerprint
      ? eq(formAnswers.deviceFingerprint, body.deviceFingerprint)
      : eq(formAnswers.ip, meta.ip);
  const [recent] = await db
    .select({ id: formAnswers.id })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, form.accountId),
        eq(formAnswers.formId, form.id),
        respondent,
        gt(formAnswers.submitTime, sql`now() - make_interval(secs => ${interval.seconds})`),
      ),
    )
    .limit(1);
  if (recent) throw new AppError(429, "submission.too_soon");
}

/** How often the respondent left the form's window, as the browser counted it. */
function cursorOutCases(miscData: Record<string, unknown> | undefined): number {
  const cases = miscData?.cursorOutCases;
  return typeof cases === "number" && Number.isInteger(cases) && cases >= 0 ? cases : 0;
}
