import type { Db, Tx } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";

export interface OutgoingMail {
  accountId?: number | null;
  to: string;
  subject: string;
  text: string;
  /** A sanitised HTML body; `text` is then its plain-text alternative. */
  html?: string | null;
  /** The sender's name shown, with MAIL_FROM's address. */
  fromName?: string | null;
  /**
   * "invitation" messages are listed to the account's admins when there is no SMTP server;
   * they and "outside_notification" ones go outside the account and count to its daily limit.
   */
  kind?: "system" | "invitation" | "notification" | "outside_notification";
}

/** Queues a message inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    accountId: mail.accountId ?? null,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    fromName: mail.fromName || null,
    kind: mail.kind ?? "system",
  });
}
