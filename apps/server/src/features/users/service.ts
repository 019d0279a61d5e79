import type { TUserEditBody, TUserProfile } from "@formloom/core/api/users";
import { ZUserEditBody } from "@formloom/core/api/users";
import { and, asc, count, eq, ne } from "drizzle-orm";
import { endSessions } from "../../auth/tokens.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { externalApps, groupMembers, groups, users } from "../../db/schema.ts";
import type { TenantContext, UserContext, UserRow } from "../../http/context.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import { can, rolesOf } from "../../http/policy.ts";
import { lettersIn } from "../../mail/letters.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { sendEmailConfirmation } from "../auth/email-confirmation.ts";
import { checkCurrentPassword } from "./password.ts";

export const avatarUrl = (user: UserRow) =>
  user.avatar ? `/api/user/${user.id}/avatar/${user.avatar}` : null;

export async function present(ctx: UserContext, user: UserRow): Promise<TUserProfile> {
  const memberOf = user.accountId
    ? await ctx.db
        .select({ id: groups.id, name: groups.name })
        .from(groupMembers)
        .innerJoin(
          groups,
          and(eq(groups.accountId, groupMembers.accountId), eq(groups.id, groupMembers.groupId)),
        )
        .where(and(eq(groupMembers.accountId, user.accountId), eq(groupMembers.userId, user.id)))
        .orderBy(asc(groups.name))
    : [];
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    avatar: avatarUrl(user),
    city: user.city,
    country: user.country,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    website: user.website,
    gender: user.gender,
    about: user.about,
    groups: memberOf,
    lastActivityDate: user.lastActivityAt?.toISOString() ?? null,
    registrationDate: user.createdAt.toISOString(),
    locale: user.locale,
    timezone: user.timezone,
    currency: user.currency,
    isAccountAdmin: user.isAccountAdmin,
    roles: await rolesOf(ctx.db, user),
  };
}

/**
 * POST /account/users/{id}/remove (admins): the user leaves the account at once, with their
 * group memberships and external-app tokens there, and is signed out everywhere. Their forms and answers stay with the
 * account, and they keep their sign-in, so they can be invited again. An admin cannot remove
 * themselves, so an account always keeps one.
 */
export async function removeFromAccount(ctx: TenantContext, userId: number): Promise<void> {
  if (userId === ctx.user.id) throw badRequest("user.remove.self");
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ accountId: null, isAccountAdmin: false })
      .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId)))
      .returning({ id: users.id });
    if (!user) throw notFound("user.not_found");
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.accountId, ctx.accountId), eq(groupMembers.userId, userId)));
    await tx
      .delete(externalApps)
      .where(and(eq(externalApps.accountId, ctx.accountId), eq(externalApps.userId, userId)));
    await endSessions(tx, userId);
  });
}

/** Another user of the caller's account; a user elsewhere is simply not found. */
async function accountUser(ctx: TenantContext, userId: number): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId)));
  if (!user) throw notFound("user.not_found");
  return user;
}

function tenantOf(ctx: UserContext): TenantContext | undefined {
  return ctx.user.accountId ? { ...ctx, accountId: ctx.user.accountId } : undefined;
}

/** GET /user/{id}: oneself always; another member with "users.view". */
export async function getUserProfile(ctx: UserContext, userId: number) {
  if (userId === ctx.user.id) return present(ctx, ctx.user);
  const tenant = tenantOf(ctx);
  if (!tenant) throw notFound("user.not_found");
  const user = await accountUser(tenant, userId);
  if (!(await can(tenant, "users.view"))) throw forbidden("not_allowed");
  return present(ctx, user);
}

/**
 * POST /user/{id}/edit. One's own profile, or with "users.edit" another member's; only an admin
 * changes another user's e-mail (it decides where password resets go), edits an admin, or
 * grants and takes the admin role, and the last admin cannot step down. A new e-mail needs the
 * caller's current password, and stays unconfirmed until its owner opens the link mailed there.
 */
export async function editUserProfile(
  ctx: UserContext,
  userId: number,
  input: TUserEditBody,
  call: { linkBase: string; ip: string },
) {
  const body = ZUserEditBody.parse(input);
  const self = userId === ctx.user.id;
  const tenant = tenantOf(ctx);
  const target = self ? ctx.user : tenant ? await accountUser(tenant, userId) : undefined;
  if (!target) throw notFound("user.not_found");
  const isAdmin = ctx.user.isAccountAdmin && tenant !== undefined;
  const changesEmail = body.email !== undefined && body.email.toLowerCase() !== target.email.toLowerCase();
  if (!self) {
    if (!tenant || !(await can(tenant, "users.edit"))) throw forbidden("not_allowed");
    if (!isAdmin && (target.isAccountAdmin || changesEmail)) throw forbidden("not_allowed");
  }
  if (changesEmail) await checkCurrentPassword(ctx, body.currentPassword, call.ip);
  const { isAccountAdmin, currentPassword: _checked, ...profile } = body;
  const changesRole = isAccountAdmin !== undefined && isAccountAdmin !== target.isAccountAdmin;
  if (changesRole && !isAdmin) throw forbidden("not_allowed");
  if (changesRole && !isAccountAdmin && tenant) {
    const [others] = await ctx.db
      .select({ value: count() })
      .from(users)
      .where(
        and(eq(users.accountId, tenant.accountId), eq(users.isAccountAdmin, true), ne(users.id, target.id)),
      );
    if ((others?.value ?? 0) === 0) throw conflict("user.last_admin");
  }
  const changes = {
    ...profile,
    ...(changesRole ? { isAccountAdmin } : {}),
    ...(changesEmail ? { emailConfirmedAt: null } : {}),
  };
  // A role or password that changes nothing leaves nothing to write: answer with the profile as it is.
  if (Object.keys(changes).length === 0) return present(ctx, target);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, target.id)).returning();
      if (changesEmail) {
        await sendEmailConfirmation(tx, row!, call.linkBase);
        await enqueueMail(tx, {
          accountId: target.accountId,
          to: target.email,
          ...lettersIn(target.locale).emailChanged({ username: target.username, email: row!.email }),
        });
      }
      return row!;
    });
    return present(ctx, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("register.email.exists", "email");
    throw error;
  }
}
