import type { TFormSettings } from "@formloom/core/form-schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import type { formAnswers, forms } from "../../db/schema.ts";
import { users } from "../../db/schema.ts";
import { channelAccess } from "../../http/policy.ts";
import { oneLine } from "../../mail/letters.ts";
import { chargeUse } from "../billing/per-use.ts";
import { resultLink } from "../webhooks/readable.ts";

type AnswerRow = typeof formAnswers.$inferSelect;
type FormRow = typeof forms.$inferSelect;

/**
 * The SMS notifications service (priced per use): beside the "new submission" letter, a text to
 * the author's phone, when the instance has an SMS gateway (SMS_GATEWAY_URL), the author a phone
 * number, and the account the service. Each text is charged once before it goes; a balance that
 * does not cover it sends none. A job retried after a failed send sends again, charged once, with
 * the same Idempotency-Key for the gateway to drop a text it already took.
 */
export async function textAuthor(
  db: Db,
  gatewayUrl: string | null,
  options: {
    form: FormRow;
    settings: Pick<TFormSettings, "hasAnswerNotifications">;
    answer: AnswerRow;
    linkBase: string;
  },
): Promise<boolean> {
  const { form, answer } = options;
  if (!gatewayUrl || !options.settings.hasAnswerNotifications || form.creatorId === null) return false;
  const [author] = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, form.creatorId), eq(users.accountId, answer.accountId)));
  if (!author?.phone.trim()) return false;
  // Only an author who may still read the form's results hears of them.
  if ((await channelAccess(db, answer.accountId, author.id, form)).level === "none") return false;
  const number = `#${answer.number ?? answer.id}`;
  const key = `answer:${answer.id}:author:${author.id}`;
  const paid = await chargeUse(db, {
    accountId: answer.accountId,
    serviceId: "sms",
    key,
    comment: `SMS: submission ${number} to "${oneLine(form.title).slice(0, 60)}"`,
  });
  if (!paid) return false;
  const text = `New submission ${number} to "${oneLine(form.title).slice(0, 60)}": ${resultLink(options.linkBase, answer)}`;
  const response = await fetch(gatewayUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": `${answer.accountId}:${key}` },
    body: JSON.stringify({ to: author.phone.trim(), text }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the SMS gateway answered ${response.status}`);
  return true;
}
