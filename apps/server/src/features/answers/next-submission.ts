import { parseInterval } from "@formloom/core/interval";
import { and, eq, gt, max, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";

export interface NextSubmissionAsker {
  visitor: UserRow | undefined;
  /** The id of the signed respondent cookie, if the browser sent one. */
  respondent: string | undefined;
  ip: string;
}

/**
 * When this respondent may send the form again, told as the page opens, or null when they may
 * now. It asks after the respondent as the interval check of a submission knows them: the
 * signed-in user of the form's account, the respondent cookie, and the address only for a caller
 * with neither. The submission stays the authority; this only spares filling a form for nothing.
 */
export async function nextSubmissionTime(
  db: Db,
  formId: number,
  asker: NextSubmissionAsker,
): Promise<string | null> {
  const [row] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!row) throw notFound("form.not_found");
  const { settings } = readForm(row);
  assertFillable(row, settings, asker.visitor);
  const interval = parseInterval(settings.nextSubmissionTime);
  if (!interval.ok || interval.seconds === null) return null;
  const userId = asker.visitor?.accountId === row.accountId ? asker.visitor.id : undefined;
  const who: SQL[] = [];
  if (userId !== undefined) who.push(eq(formAnswers.userId, userId));
  if (asker.respondent) who.push(eq(formAnswers.respondent, asker.respondent));
  if (userId === undefined && !asker.respondent) who.push(eq(formAnswers.ip, asker.ip));
  const [last] = await db
    .select({ at: max(formAnswers.submitTime) })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, row.accountId),
        eq(formAnswers.formId, row.id),
        gt(formAnswers.submitTime, sql`now() - make_interval(secs => ${interval.seconds}::float8)`),
        or(...who),
      ),
    );
  if (!last?.at) return null;
  return new Date(new Date(last.at).getTime() + interval.seconds * 1000).toISOString();
}
