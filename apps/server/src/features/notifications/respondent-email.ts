import { NOTIFICATION_EMAIL_KEY, notificationEmailProblem } from "@formloom/core/notification-email";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { emailNotifications } from "../../db/schema.ts";
import { invalidField } from "../../http/errors.ts";

/**
 * Whether the public form asks its respondent for an e-mail address: it has an enabled
 * notification sent to "the address the respondent is asked for".
 */
export async function asksRespondentEmail(db: Db, form: { accountId: number; formId: number }) {
  const [found] = await db
    .select({ id: emailNotifications.id })
    .from(emailNotifications)
    .where(
      and(
        eq(emailNotifications.accountId, form.accountId),
        eq(emailNotifications.formId, form.formId),
        eq(emailNotifications.enabled, true),
        sql`(${emailNotifications.recipients} ->> 'askRespondent')::bool is true`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * A submission's misc data with the address its respondent gave checked: kept trimmed, left out
 * when empty, and refused with 400 submission.notification_email.invalid when it is not one, so
 * nothing is stored and the page says so beside its input.
 */
export function withCheckedRespondentEmail(
  misc: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!misc || !(NOTIFICATION_EMAIL_KEY in misc)) return misc;
  const { [NOTIFICATION_EMAIL_KEY]: given, ...rest } = misc;
  const problem = notificationEmailProblem(given);
  if (problem) throw invalidField(problem, NOTIFICATION_EMAIL_KEY);
  const address = typeof given === "string" ? given.trim() : "";
  return address ? { ...rest, [NOTIFICATION_EMAIL_KEY]: address } : rest;
}
