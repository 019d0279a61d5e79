import { INVITATION_TTL_DAYS, splitEmails } from "@formloom/core/api/invitations";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { hashCode, newCode } from "../../auth/one-time-codes.ts";
import type { Db, Tx } from "../../db/connect.ts";
import {
  accounts,
  groupMembers,
  groups,
  invitationGroups,
  invitations,
  mailOutbox,
  users,
} from "../../db/schema.ts";
import type { TenantContext, UserContext } from "../../http/context.ts";
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from "../../http/errors.ts";
import { can } from "../../http/policy.ts";
import { lettersIn } from "../../mail/letters.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type OutsideMailLimits, reserveOutsideMail, subjectPart } from "../../mail/outside-mail.ts";

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** How long before the same invitation may be mailed again, so nobody's inbox is flooded. */
const RESEND_AFTER_MS = 5 * 60 * 1000;

type InvitationRow = typeof invitations.$inferSelect;

const isExpired = (row: InvitationRow) =>
  row.status === "pending" && Date.now() - row.sentAt.getTime() > TTL_MS;

type GroupRef = { id: number; name: string };

function present(row: InvitationRow, invitedBy: string | null, joins: GroupRef[] = []) {
  return {
    id: row.id,
    email: row.email,
    status: isExpired(row) ? ("expired" as const) : row.status,
    sendDate: row.sentAt.toISOString(),
    acceptDate: row.acceptedAt?.toISOString() ?? null,
    invitedBy,
    groups: joins,
  };
}

/** The groups each of these invitations puts its invitee in, by invitation id. */
async function groupsOf(db: Db | Tx, accountId: number, invitationIds: number[]) {
  const byInvitation = new Map<number, GroupRef[]>();
  if (invitationIds.length === 0) return byInvitation;
  const rows = await db
    .select({ invitationId: invitationGroups.invitationId, id: groups.id, name: groups.name })
    .from(invitationGroups)
    .innerJoin(
      groups,
      and(eq(groups.accountId, invitationGroups.accountId), eq(groups.id, invitationGroups.groupId)),
    )
    .where(
      and(eq(invitationGroups.accountId, accountId), inArray(invitationGroups.invitationId, invitationIds)),
    )
    .orderBy(asc(sql`lower(${groups.name})`));
  for (const row of rows) {
    byInvitation.set(row.invitationId, [
      ...(byInvitation.get(row.invitationId) ?? []),
      { id: row.id, name: row.name },
    ]);
  }
  return byInvitation;
}

export async function listInvitations(ctx: TenantContext) {
  const rows = await ctx.db
    .select({ invitation: invitations, invitedBy: users.username })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.accountId, ctx.accountId))
    .orderBy(desc(invitations.id));
  const joins = await groupsOf(
    ctx.db,
    ctx.accountId,
    rows.map((row) => row.invitation.id),
  );
  return rows.map((row) => present(row.invitation, row.invitedBy, joins.get(row.invitation.id)));
}

/**
 * The groups an inviter chose: only someone who may manage groups puts people in them, and only
 * groups of their own account.
 */
async function chosenGroups(ctx: TenantContext, tx: Tx, groupIds: number[]): Promise<GroupRef[]> {
  const wanted = [...new Set(groupIds)];
  if (wanted.length === 0) return [];
  if (!(await can(ctx, "groups.manage"))) throw forbidden("group.users.not_allowed");
  const found = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.accountId, ctx.accountId), inArray(groups.id, wanted)))
    .orderBy(asc(sql`lower(${groups.name})`));
  if (found.length !== wanted.length) throw invalidField("invitation.groups.unknown", "groupIds");
  return found;
}

/**
 * Invites every address in `text` (spaces, commas or line breaks between them). Only an address
 * of someone already in this account is skipped and reported. Every other address is invited the
 * same way, whether nobody, a user without an account or another account's member has it, so
 * the answer tells nobody who is registered or where they belong; whoever cannot join learns
 * it themselves when accepting. A pending invitation to the same address is replaced, so the
 * newest link is the one that works. The mails are queued in the same transaction as the
 * invitations.
 */
export async function sendInvitations(
  ctx: TenantContext,
  text: string,
  groupIds: number[],
  linkBase: string,
  limits: OutsideMailLimits,
) {
  const { emails } = splitEmails(text);
  return ctx.db.transaction(async (tx) => {
    const joins = await chosenGroups(ctx, tx, groupIds);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, ctx.accountId));
    const registered = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          inArray(
            sql`lower(${users.email})`,
            emails.map((email) => email.toLowerCase()),
          ),
          eq(users.accountId, ctx.accountId),
        ),
      );
    const skip = new Set(registered.map((row) => row.email.toLowerCase()));
    const toInvite = emails.filter((email) => !skip.has(email.toLowerCase()));
    if (toInvite.length === 0) throw conflict("invitation.already_member", "emails");
    const pending = and(
      eq(invitations.accountId, ctx.accountId),
      eq(invitations.status, "pending"),
      inArray(
        sql`lower(${invitations.email})`,
        toInvite.map((email) => email.toLowerCase()),
      ),
    );
    await reserveOutsideMail(tx, { ...ctx.user, accountId: ctx.accountId }, toInvite.length, limits);
    const replaced = await tx
      .update(invitations)
      .set({ status: "revoked" })
      .where(pending)
      .returning({ id: invitations.id });
    // Replacing an invitation into groups would take its groups away: only one who may choose
    // groups may do that. Asked of the rows this statement revoked, so an invitation sent
    // meanwhile is not passed over; refused, the transaction leaves them as they were.
    if (await dropsGroups(ctx, tx, replaced)) throw conflict("invitation.pending_groups", "emails");
    const sent = [];
    for (const email of toInvite) {
      const { code, hash } = newCode();
      const [row] = await tx
        .insert(invitations)
        .values({ accountId: ctx.accountId, email, codeHash: hash, invitedBy: ctx.user.id })
        .returning();
      if (joins.length > 0) {
        await tx
          .insert(invitationGroups)
          .values(
            joins.map((group) => ({ accountId: ctx.accountId, invitationId: row!.id, groupId: group.id })),
          );
      }
      await mailInvitation(tx, ctx, account!.name, email, `${linkBase}/registration/join?code=${code}`);
      sent.push(present(row!, ctx.user.username, joins));
    }
    return { invitations: sent, skipped: emails.filter((email) => skip.has(email.toLowerCase())) };
  });
}

function mailInvitation(tx: Tx, ctx: TenantContext, accountName: string, email: string, link: string) {
  // The invitee has no settings yet: the mail speaks the inviter's language.
  const letters = lettersIn(ctx.user.locale);
  const letter = letters.invitation({ inviter: ctx.user.username, account: accountName, link });
  // In the subject, the names the inviter chose are cut short: no sentence of theirs to read there.
  const short = { inviter: subjectPart(ctx.user.username), account: subjectPart(accountName), link };
  return enqueueMail(tx, {
    accountId: ctx.accountId,
    kind: "invitation",
    to: email,
    subject: letters.invitation(short).subject,
    text: letter.text,
  });
}

/**
 * Mails a waiting or expired invitation again, with a new link (the old one stops working) good
 * for another 30 days from now; at most once per five minutes for one invitation.
 */
export async function resendInvitation(
  ctx: TenantContext,
  invitationId: number,
  linkBase: string,
  limits: OutsideMailLimits,
) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ invitation: invitations, accountName: accounts.name })
      .from(invitations)
      .innerJoin(accounts, eq(accounts.id, invitations.accountId))
      .where(
        and(
          eq(invitations.accountId, ctx.accountId),
          eq(invitations.id, invitationId),
          eq(invitations.status, "pending"),
        ),
      )
      .for("update", { of: invitations });
    if (!current) throw notFound("invitation.not_found");
    if (Date.now() - current.invitation.sentAt.getTime() < RESEND_AFTER_MS) {
      throw new AppError(429, "invitation.already_sent");
    }
    const { code, hash } = newCode();
    const [row] = await tx
      .update(invitations)
      .set({ codeHash: hash, sentAt: new Date(), invitedBy: ctx.user.id })
      .where(eq(invitations.id, invitationId))
      .returning();
    await reserveOutsideMail(tx, { ...ctx.user, accountId: ctx.accountId }, 1, limits);
    await mailInvitation(
      tx,
      ctx,
      current.accountName,
      row!.email,
      `${linkBase}/registration/join?code=${code}`,
    );
    return present(row!, ctx.user.username, (await groupsOf(tx, ctx.accountId, [row!.id])).get(row!.id));
  });
}

export async function revokeInvitation(ctx: TenantContext, invitationId: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: "revoked" })
      .where(
        and(
          eq(invitations.accountId, ctx.accountId),
          eq(invitations.id, invitationId),
          eq(invitations.status, "pending"),
        ),
      )
      .returning();
    if (!row) throw notFound("invitation.not_found");
    // An invitation into groups is withdrawn by one who may choose groups, as it was sent.
    if (await dropsGroups(ctx, tx, [row])) throw forbidden("group.users.not_allowed");
    return present(row, null, (await groupsOf(tx, ctx.accountId, [row.id])).get(row.id));
  });
}

/** Whether these invitations, withdrawn, take away groups the caller may not choose. */
async function dropsGroups(ctx: TenantContext, tx: Tx, withdrawn: Array<{ id: number }>): Promise<boolean> {
  if (withdrawn.length === 0 || (await can(ctx, "groups.manage"))) return false;
  const grouped = await groupsOf(
    tx,
    ctx.accountId,
    withdrawn.map((row) => row.id),
  );
  return [...grouped.values()].some((list) => list.length > 0);
}

async function pendingByCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select({ invitation: invitations, accountName: accounts.name })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(and(eq(invitations.codeHash, hashCode(code)), eq(invitations.status, "pending")));
  if (!row || isExpired(row.invitation)) return undefined;
  return row;
}

/** What the join page shows: the invited address and the account's name. */
export async function previewInvitation(db: Db, code: string) {
  const row = await pendingByCode(db, code);
  if (!row) throw notFound("invitation.invalid");
  return { email: row.invitation.email, accountName: row.accountName };
}

/**
 * The waiting invitation with this code, sent to this address: else 400 `invitation.invalid`, or
 * `invitation.email.mismatch` when it was sent to another.
 */
export async function invitationFor(db: Db | Tx, code: string, email: string) {
  const row = await pendingByCode(db, code);
  if (!row) throw badRequest("invitation.invalid");
  if (row.invitation.email.toLowerCase() !== email.toLowerCase()) {
    throw invalidField("invitation.email.mismatch", "email");
  }
  return row;
}

/**
 * Puts `userId` into the invitation's account as a member, in the groups the inviter chose (none:
 * no rights yet), and marks the invitation accepted; runs inside the caller's transaction.
 */
export async function acceptInvitation(tx: Tx, code: string, user: { id: number; email: string }) {
  const row = await invitationFor(tx, code, user.email);
  const joined = await tx
    .update(users)
    .set({ accountId: row.invitation.accountId, isAccountAdmin: false })
    .where(and(eq(users.id, user.id), sql`${users.accountId} is null`))
    .returning({ id: users.id });
  if (joined.length === 0) throw conflict("account.already_member");
  // A group deleted since the invitation went out has dropped out of invitation_groups by now.
  await tx.execute(sql`
    insert into ${groupMembers} (account_id, group_id, user_id)
    select ${invitationGroups.accountId}, ${invitationGroups.groupId}, ${user.id}
    from ${invitationGroups}
    where ${invitationGroups.accountId} = ${row.invitation.accountId}
      and ${invitationGroups.invitationId} = ${row.invitation.id}
    on conflict do nothing`);
  await tx
    .update(invitations)
    .set({ status: "accepted", acceptedAt: sql`now()`, acceptedUserId: user.id })
    .where(and(eq(invitations.accountId, row.invitation.accountId), eq(invitations.id, row.invitation.id)));
}

/** A signed-in user without an account accepts an invitation sent to their address. */
export async function acceptAsSignedIn(
  ctx: UserContext,
  code: string,
  /** Addresses an invitation does not prove (the support operators'): their own link must. */
  provedByOwnLinkOnly: readonly string[] = [],
) {
  await ctx.db.transaction(async (tx) => {
    await acceptInvitation(tx, code, ctx.user);
    // The invitation's link went to the user's address, so following it proves the address, as
    // joining by registering through it does.
    if (!provedByOwnLinkOnly.includes(ctx.user.email.trim().toLowerCase()))
      await tx
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
        .where(eq(users.id, ctx.user.id));
  });
}

/** The account's invitation mails, for admins to pass on by hand when no SMTP server is set. */
export async function outbox(ctx: TenantContext, smtpConfigured: boolean) {
  const rows = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.accountId, ctx.accountId), eq(mailOutbox.kind, "invitation")))
    .orderBy(desc(mailOutbox.id))
    .limit(200);
  return {
    smtpConfigured,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.to,
      link: invitationLink(row.text),
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
    })),
  };
}

/** The join link in an invitation mail's text. */
function invitationLink(text: string): string | null {
  return /https?:\/\/\S+\/registration\/join\?code=[\w-]+/.exec(text)?.[0] ?? null;
}
