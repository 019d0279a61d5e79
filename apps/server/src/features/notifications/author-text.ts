import type { TFormSettings } from "@formloom/core/form-schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import type { formAnswers, forms } from "../../db/schema.ts";
import { users } from "../../db/schema.ts";
import { channelAccess } from "../../http/policy.ts";
import { oneLine } from "../../mail/letters.ts";
import { chargeUse, returnUse } from "../billing/per-use.ts";
import { resultLink } from "../webhooks/readable.ts";

type AnswerRow = typeof formAnswers.$inferSelect;
type FormRow = typeof forms.$inferSelect;

/**
 * The SMS notifications service (priced per use): beside the "new submission" letter, a text to
 * the author's phone, when the instance has an SMS gateway (SMS_GATEWAY_URL), the author a phone
 * number, and the account the service. Each text is charged once before it goes; a balance that
 * does not cover it sends none. A text the gateway refuses (or does not answer for) is not sent:
 * its charge is returned and the error thrown for the caller to log; the caller does not retry it,
 * so a gateway that is down never holds back the letters and webhooks of a submission.
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
  const use = {
    accountId: answer.accountId,
    serviceId: "sms",
    key,
    comment: `SMS: submission ${number} to "${oneLine(form.title).slice(0, 60)}"`,
  };
  if (!(await chargeUse(db, use))) return false;
  const text = `New submission ${number} to "${oneLine(form.title).slice(0, 60)}": ${resultLink(options.linkBase, answer)}`;
  let refusal: string | null = null;
  try {
    const response = await fetch(gatewayUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `${answer.accountId}:${key}` },
      body: JSON.stringify({ to: author.phone.trim(), text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) refusal = `the SMS gateway answered ${response.status}`;
  } catch (error) {
    refusal = `the SMS gateway did not answer: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (refusal === null) return true;
  // Not sent: the charge goes back, and the caller is told why.
  await returnUse(db, use);
  throw new Error(refusal);
}
