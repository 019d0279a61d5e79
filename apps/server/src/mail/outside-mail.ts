import { sql } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { AppError, forbidden } from "../http/errors.ts";

/**
 * Mail a user of an account sends to addresses outside it (invitations) carries text of theirs
 * from this server's address, which is what a stranger registering for it would abuse. It needs
 * the sender's confirmed e-mail past a few a day, and holds to the operator's limit per account
 * and day. Counted from the outbox itself, under a lock per account, in the transaction that
 * queues the mail, so parallel requests and several processes cannot pass it together.
 */
export interface OutsideMailLimits {
  /** Per account and day, once the sender's e-mail is confirmed (OUTSIDE_MAIL_PER_DAY). */
  perDay: number;
  /** Per account and day while it is not: enough to invite a small team first. */
  unconfirmedPerDay: number;
}

const UNCONFIRMED_PER_DAY = 10;

/** The limits the operator set (OUTSIDE_MAIL_PER_DAY). */
export const outsideMailLimits = (settings: { outsideMailPerDay: number }): OutsideMailLimits => ({
  perDay: settings.outsideMailPerDay,
  unconfirmedPerDay: UNCONFIRMED_PER_DAY,
});

export async function reserveOutsideMail(
  tx: Tx,
  sender: { accountId: number; emailConfirmedAt: Date | null },
  count: number,
  limits: OutsideMailLimits,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('outside-mail'), ${sender.accountId}::int4)`);
  const result = await tx.execute(sql`
    select count(*)::int as sent from mail_outbox
     where account_id = ${sender.accountId} and kind = 'invitation'
       and created_at > now() - interval '1 day'`);
  const sent = Number((result as unknown as { rows: Array<{ sent: number }> }).rows[0]?.sent ?? 0);
  const confirmed = sender.emailConfirmedAt !== null;
  const limit = confirmed ? limits.perDay : Math.min(limits.unconfirmedPerDay, limits.perDay);
  if (sent + count <= limit) return;
  if (!confirmed) throw forbidden("mail.confirm_email_first");
  throw new AppError(429, "mail.daily_limit");
}

/** A user-typed name as it may stand in a subject: one line, and short enough to say nothing more. */
export function subjectPart(text: string, max = 32): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
