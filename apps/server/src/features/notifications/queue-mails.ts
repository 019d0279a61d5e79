import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.ts";
import { users } from "../../db/schema.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import {
  type OutsideMailLimits,
  type OutsideSender,
  outsideMailRoom,
  subjectPart,
} from "../../mail/outside-mail.ts";

export interface NotificationMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  fromName: string;
  /** Whose mail it is when it goes outside the account; null for mail to the account's own users. */
  sender: OutsideSender | null;
}

/**
 * The sender a notification's mail to outside addresses counts on: the user who set it up (or
 * last changed its recipients), confirmed or not. One gone counts as unconfirmed.
 */
export async function notificationSender(
  db: Db,
  accountId: number,
  configuredBy: number | null,
): Promise<OutsideSender> {
  const [user] =
    configuredBy === null
      ? []
      : await db
          .select({ emailConfirmedAt: users.emailConfirmedAt })
          .from(users)
          .where(and(eq(users.accountId, accountId), eq(users.id, configuredBy)));
  return { accountId, emailConfirmedAt: user?.emailConfirmedAt ?? null };
}

/**
 * One notification's mail to each address: the account's own users read the author's subject
 * whole; anyone else, whose address a respondent typed, gets it cut short as invitations are, and
 * counts to the account's daily limit of outside mail.
 */
export function addressMails(
  sender: OutsideSender,
  composed: { subject: string; html: string; text: string; fromName: string },
  addresses: string[],
  /** The account's own users among the addresses (`membersAmong`). */
  members: ReadonlyMap<string, number>,
): NotificationMail[] {
  return addresses.map((to) =>
    members.has(to)
      ? { ...composed, to, sender: null }
      : { ...composed, to, subject: subjectPart(composed.subject), sender },
  );
}

/**
 * Queues the mails inside the job's transaction. Outside mails past the day's limit are not
 * queued; the answer is the refusal's code then, for the job's log, else null.
 */
export async function queueNotificationMails(
  tx: Tx,
  accountId: number,
  mails: NotificationMail[],
  limits: OutsideMailLimits,
): Promise<string | null> {
  let refusal: string | null = null;
  for (const mail of mails) {
    if (mail.sender) {
      // Counted again for each: the outbox this transaction writes holds the ones queued before.
      const allowed = await outsideMailRoom(tx, mail.sender, limits);
      if (allowed.room < 1) {
        refusal = allowed.refusal;
        continue;
      }
    }
    await enqueueMail(tx, {
      accountId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html || undefined,
      fromName: mail.fromName,
      kind: mail.sender ? "outside_notification" : "notification",
    });
  }
  return refusal;
}
