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
import { invalidField, notFound } from "../../http/errors.ts";

type AppRow = typeof externalApps.$inferSelect;

function present(row: AppRow, owner: string | null) {
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
  };
}

function expiryOf(value: string | undefined, fallback: Date): Date {
  if (!value) return fallback;
  const expiresAt = new Date(value);
  const problem = checkExpiry(expiresAt, new Date());
  if (problem) throw invalidField(problem, "expiresAt");
  return expiresAt;
}

/** The account's tokens with their makers' names, or just one of them. */
async function appsOf(ctx: TenantContext, appId?: number) {
  const rows = await ctx.db
    .select({ app: externalApps, owner: users.username })
    .from(externalApps)
    .leftJoin(users, eq(users.id, externalApps.userId))
    .where(
      and(
        eq(externalApps.accountId, ctx.accountId),
        appId === undefined ? undefined : eq(externalApps.id, appId),
      ),
    )
    .orderBy(desc(externalApps.id));
  return rows.map((row) => present(row.app, row.owner));
}

export const listExternalApps = (ctx: TenantContext) => appsOf(ctx);

export async function getExternalApp(ctx: TenantContext, appId: number) {
  const [app] = await appsOf(ctx, appId);
  if (!app) throw notFound("external_app.not_found");
  return app;
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
  return { app: present(row!, ctx.user.username), token };
}

export async function editExternalApp(ctx: TenantContext, appId: number, input: TExternalAppBody) {
  const body = ZExternalAppBody.parse(input);
  const current = await getExternalApp(ctx, appId);
  const expiresAt =
    body.expiresAt === current.expiresAt
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
    .where(and(eq(externalApps.accountId, ctx.accountId), eq(externalApps.id, appId)));
  return getExternalApp(ctx, appId);
}

export async function deleteExternalApp(ctx: TenantContext, appId: number) {
  const deleted = await ctx.db
    .delete(externalApps)
    .where(and(eq(externalApps.accountId, ctx.accountId), eq(externalApps.id, appId)))
    .returning({ id: externalApps.id });
  if (deleted.length === 0) throw notFound("external_app.not_found");
}
