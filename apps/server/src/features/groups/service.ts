import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { groupMembers, groups, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";

const memberCount = sql<number>`(select count(*) from group_members m
  where m.account_id = "groups"."account_id" and m.group_id = "groups"."id")`.mapWith(Number);

const present = (row: typeof groups.$inferSelect, userCount: number) => ({
  id: row.id,
  name: row.name,
  creationDate: row.createdAt.toISOString(),
  userCount,
});

export async function listGroups(ctx: TenantContext) {
  const rows = await ctx.db
    .select({ group: groups, userCount: memberCount })
    .from(groups)
    .where(eq(groups.accountId, ctx.accountId))
    .orderBy(asc(sql`lower(${groups.name})`));
  return rows.map((row) => present(row.group, row.userCount));
}

/** The groups a user is in within their own account, by name; none without an account. */
export async function groupsOf(db: Db, user: { id: number; accountId: number | null }) {
  if (!user.accountId) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.accountId, groupMembers.accountId), eq(groups.id, groupMembers.groupId)))
    .where(and(eq(groupMembers.accountId, user.accountId), eq(groupMembers.userId, user.id)))
    .orderBy(asc(sql`lower(${groups.name})`));
}

/** One group of the caller's account, without its members; another account's is not found. */
export async function loadGroup(ctx: TenantContext, groupId: number) {
  const [row] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.accountId, ctx.accountId), eq(groups.id, groupId)));
  if (!row) throw notFound("group.not_found");
  return row;
}

export async function getGroup(ctx: TenantContext, groupId: number) {
  const [row] = await ctx.db
    .select({ group: groups, userCount: memberCount })
    .from(groups)
    .where(and(eq(groups.accountId, ctx.accountId), eq(groups.id, groupId)));
  if (!row) throw notFound("group.not_found");
  const members = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.accountId, ctx.accountId), eq(groupMembers.groupId, groupId)))
    .orderBy(asc(users.username));
  return { ...present(row.group, row.userCount), users: members };
}

/** `field`: the body's name of the name, under which the clash is said. */
async function withUniqueName<T>(field: "groupName" | "name", work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("group.name.exists", field);
    throw error;
  }
}

export async function createGroup(ctx: TenantContext, name: string) {
  const [row] = await withUniqueName("groupName", () =>
    ctx.db.insert(groups).values({ accountId: ctx.accountId, name }).returning(),
  );
  return present(row!, 0);
}

export async function renameGroup(ctx: TenantContext, groupId: number, name: string) {
  const [row] = await withUniqueName("name", () =>
    ctx.db
      .update(groups)
      .set({ name })
      .where(and(eq(groups.accountId, ctx.accountId), eq(groups.id, groupId)))
      .returning(),
  );
  if (!row) throw notFound("group.not_found");
  return getGroup(ctx, groupId);
}

export async function deleteGroup(ctx: TenantContext, groupId: number) {
  const deleted = await ctx.db
    .delete(groups)
    .where(and(eq(groups.accountId, ctx.accountId), eq(groups.id, groupId)))
    .returning({ id: groups.id });
  if (deleted.length === 0) throw notFound("group.not_found");
}

/** Adds users of the caller's account; a user of another account is refused, not skipped. */
export async function addGroupUsers(ctx: TenantContext, groupId: number, userIds: number[]) {
  await getGroup(ctx, groupId);
  const [found] = await ctx.db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.accountId, ctx.accountId), inArray(users.id, userIds)));
  if ((found?.value ?? 0) !== new Set(userIds).size) throw badRequest("group.users.unknown");
  await ctx.db
    .insert(groupMembers)
    .values([...new Set(userIds)].map((userId) => ({ accountId: ctx.accountId, groupId, userId })))
    .onConflictDoNothing();
  return getGroup(ctx, groupId);
}

export async function removeGroupUsers(ctx: TenantContext, groupId: number, userIds: number[]) {
  await getGroup(ctx, groupId);
  await ctx.db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, ctx.accountId),
        eq(groupMembers.groupId, groupId),
        inArray(groupMembers.userId, userIds),
      ),
    );
  return getGroup(ctx, groupId);
}

/** GET /account/users: the account's members. */
export async function accountUsers(ctx: TenantContext) {
  return ctx.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAccountAdmin: users.isAccountAdmin,
    })
    .from(users)
    .where(eq(users.accountId, ctx.accountId))
    .orderBy(asc(users.username));
}
