import {
  checkExpiry,
  defaultExpiry,
  type TExternalAppBody,
  ZExternalAppBody,
} from "@formloom/core/api/external-apps";
import { and, desc, eq } from "drizzle-orm";
import { newExternalAppToken } from "../../auth/external-app-tokens.ts";
import { externalApps, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { forbidden, invalidField, notFound } from "../../http/errors.ts";

type AppRow = typeof externalApps.$inferSelect;

function present(row: AppRow, owner: string | null, callerId: number) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    allowedIps: row.allowedIps,
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    tokenStart: row.tokenStart,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    owner,
    mine: row.userId === callerId,
  };
}

function expiryOf(value: string | undefined, fallback: Date): Date {
  if (!value) return fallback;
  const expiresAt = new Date(value);
  const problem = checkExpiry(expiresAt, new Date());
  if (problem) throw invalidField(problem, "expiresAt");
  return expiresAt;
}

/**
 * A token acts as its maker, so only its maker manages it. An admin sees every token of the
 * account and may switch one off or delete it, but never widen, extend or re-enable someone
 * else's; a member sees only their own.
 */
const visibleTo = (ctx: TenantContext) =>
  ctx.user.isAccountAdmin ? undefined : eq(externalApps.userId, ctx.user.id);

/** The tokens the caller may see, with their makers' names, or just one of them. */
async function appsOf(ctx: TenantContext, appId?: number) {
  const rows = await ctx.db
    .select({ app: externalApps, owner: users.username })
    .from(externalApps)
    .leftJoin(users, eq(users.id, externalApps.userId))
    .where(
      and(
        eq(externalApps.accountId, ctx.accountId),
        visibleTo(ctx),
        appId === undefined ? undefined : eq(externalApps.id, appId),
      ),
    )
    .orderBy(desc(externalApps.id));
  return rows.map((row) => ({ ...present(row.app, row.owner, ctx.user.id), ownerId: row.app.userId }));
}

const withoutOwnerId = ({ ownerId: _ownerId, ...app }: Awaited<ReturnType<typeof appsOf>>[number]) => app;

export const listExternalApps = async (ctx: TenantContext) => (await appsOf(ctx)).map(withoutOwnerId);

async function visibleApp(ctx: TenantContext, appId: number) {
  const [app] = await appsOf(ctx, appId);
  if (!app) throw notFound("external_app.not_found");
  return app;
}

export async function getExternalApp(ctx: TenantContext, appId: number) {
  return withoutOwnerId(await visibleApp(ctx, appId));
}

/** A new token acting as its maker; the token itself is in this answer only. */
export async function createExternalApp(ctx: TenantContext, input: TExternalAppBody) {
  const body = ZExternalAppBody.parse(input);
  const expiresAt = expiryOf(body.expiresAt, defaultExpiry(new Date()));
  const { token, hash, start } = newExternalAppToken();
  const [row] = await ctx.db
    .insert(externalApps)
    .values({
      accountId: ctx.accountId,
      userId: ctx.user.id,
      name: body.name,
      description: body.description,
      allowedIps: body.allowedIps,
      expiresAt,
      status: body.status,
      tokenHash: hash,
      tokenStart: start,
    })
    .returning();
  return { app: present(row!, ctx.user.username, ctx.user.id), token };
}

const sameIps = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((ip, index) => ip === b[index]);

/**
 * Its maker changes a token freely within the rules; an admin editing someone else's token may
 * only disable it, and any other change is refused rather than half applied.
 */
export async function editExternalApp(ctx: TenantContext, appId: number, input: TExternalAppBody) {
  const body = ZExternalAppBody.parse(input);
  const current = await visibleApp(ctx, appId);
  const unchangedExpiry = body.expiresAt === undefined || body.expiresAt === current.expiresAt;
  if (!current.mine) {
    const onlyDisables =
      body.name === current.name &&
      body.description === current.description &&
      sameIps(body.allowedIps, current.allowedIps) &&
      unchangedExpiry &&
      (body.status === "disabled" || body.status === current.status);
    if (!onlyDisables) throw forbidden("external_app.not_owner");
  }
  const expiresAt = unchangedExpiry
    ? new Date(current.expiresAt)
    : expiryOf(body.expiresAt, new Date(current.expiresAt));
  await ctx.db
    .update(externalApps)
    .set({
      name: body.name,
      description: body.description,
      allowedIps: body.allowedIps,
      expiresAt,
      status: body.status,
    })
    .where(
      and(
        eq(externalApps.accountId, ctx.accountId),
        eq(externalApps.id, appId),
        // The maker checked above is the maker written to: a token cannot change hands meanwhile.
        eq(externalApps.userId, current.ownerId),
      ),
    );
  return getExternalApp(ctx, appId);
}

/** Its maker deletes a token, and so may an admin (to stop a leaked one); a member no one else's. */
export async function deleteExternalApp(ctx: TenantContext, appId: number) {
  const deleted = await ctx.db
    .delete(externalApps)
    .where(and(eq(externalApps.accountId, ctx.accountId), eq(externalApps.id, appId), visibleTo(ctx)))
    .returning({ id: externalApps.id });
  if (deleted.length === 0) throw notFound("external_app.not_found");
}
