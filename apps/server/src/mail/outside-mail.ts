import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connect.ts";
import { AppError, forbidden } from "../http/errors.ts";

/**
 * Mail a user of an account sends to addresses outside it (invitations, and notifications to the
 * addresses respondents typed) carries text of theirs from this server's address, which is what a
 * stranger registering for it would abuse. It needs the sender's confirmed e-mail past a few a
 * day, and holds to the operator's limit per account and day. Counted from the outbox itself,
 * under a lock per account, in the transaction that queues the mail, so parallel requests and
 * several processes cannot pass it together.
 */
export interface OutsideMailLimits {
  /** Per account and day, once the sender's e-mail is confirmed (OUTSIDE_MAIL_PER_DAY). */
  perDay: number;
  /** Per account and day while it is not: enough to invite a small team first. */
  unconfirmedPerDay: number;
}

/** The outbox kinds that are mail to addresses outside the account: the ones counted. */
export const OUTSIDE_KINDS = ["invitation", "outside_notification"] as const;

const UNCONFIRMED_PER_DAY = 10;

export interface OutsideSender {
  accountId: number;
  emailConfirmedAt: Date | null;
}

/** The limits the operator set (OUTSIDE_MAIL_PER_DAY). */
export const outsideMailLimits = (settings: { outsideMailPerDay: number }): OutsideMailLimits => ({
  perDay: settings.outsideMailPerDay,
  unconfirmedPerDay: UNCONFIRMED_PER_DAY,
});

/**
 * How many more outside mails the sender's account may queue today, and the refusal's code for
 * those past it. Takes the account's lock until `tx` ends: queue the mail in the same transaction.
 */
export async function outsideMailRoom(
  tx: Tx,
  sender: OutsideSender,
  limits: OutsideMailLimits,
): Promise<{ room: number; refusal: "mail.confirm_email_first" | "mail.daily_limit" }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('outside-mail'), ${sender.accountId}::int4)`);
  const result = await tx.execute(sql`
    select count(*)::int as sent from mail_outbox
     where account_id = ${sender.accountId}
       and kind in (${sql.join(
         OUTSIDE_KINDS.map((kind) => sql`${kind}`),
         sql`, `,
       )})
       and created_at > now() - interval '1 day'`);
  const sent = Number((result as unknown as { rows: Array<{ sent: number }> }).rows[0]?.sent ?? 0);
  const confirmed = sender.emailConfirmedAt !== null;
  const limit = confirmed ? limits.perDay : Math.min(limits.unconfirmedPerDay, limits.perDay);
  return {
    room: Math.max(0, limit - sent),
    refusal: confirmed ? "mail.daily_limit" : "mail.confirm_email_first",
  };
}

/** Makes room for `count` outside mails, or refuses them all: 403 unconfirmed, 429 past the limit. */
export async function reserveOutsideMail(
  tx: Tx,
  sender: OutsideSender,
  count: number,
  limits: OutsideMailLimits,
): Promise<void> {
  const { room, refusal } = await outsideMailRoom(tx, sender, limits);
  if (count <= room) return;
  if (refusal === "mail.confirm_email_first") throw forbidden(refusal);
  throw new AppError(429, refusal);
}

/** Refuses a user with an unconfirmed e-mail who sets up mail to outside addresses (403). */
export function assertMayMailOutside(user: { emailConfirmedAt: Date | null }): void {
  if (user.emailConfirmedAt === null) throw forbidden("mail.confirm_email_first");
}

/** Of these addresses, the ones of the account's own users (lower-cased), with the user's id. */
export async function membersAmong(
  db: Db | Tx,
  accountId: number,
  addresses: string[],
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const result = await db.execute(sql`
    select lower(email) as email, id from users
     where account_id = ${accountId}
       and lower(email) in (${sql.join(
         addresses.map((address) => sql`${address.toLowerCase()}`),
         sql`, `,
       )})`);
  const rows = (result as unknown as { rows: Array<{ email: string; id: number }> }).rows;
  return new Map(rows.map((row) => [row.email, Number(row.id)]));
}

/** A user-typed name as it may stand in a subject: one line, and short enough to say nothing more. */
export function subjectPart(text: string, max = 32): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
