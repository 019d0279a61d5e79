import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { TokenIssuer } from "../auth/tokens.ts";
import type { Db } from "../db/connect.ts";
import { users } from "../db/schema.ts";
import type { Settings } from "../settings.ts";
import { forbidden, unauthorized } from "./errors.ts";

export type UserRow = typeof users.$inferSelect;

/** What every route gets: the database, the settings and the token issuer. */
export interface Deps {
  db: Db;
  settings: Settings;
  tokens: TokenIssuer;
}

export interface UserContext {
  db: Db;
  user: UserRow;
}

/** A signed-in user acting inside an account: every tenant query is scoped by `accountId`. */
export interface TenantContext extends UserContext {
  accountId: number;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice("Bearer ".length).trim() || undefined;
}

export async function optionalUser(deps: Deps, request: FastifyRequest): Promise<UserRow | undefined> {
  const token = bearer(request);
  if (!token) return undefined;
  const userId = await deps.tokens.verifyAccess(token);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized("token.invalid");
  return user;
}

export async function requireUser(deps: Deps, request: FastifyRequest): Promise<UserContext> {
  const user = await optionalUser(deps, request);
  if (!user) throw unauthorized();
  return { db: deps.db, user };
}

/** A missing or empty account id means deny: no query runs without one. */
export async function requireTenant(deps: Deps, request: FastifyRequest): Promise<TenantContext> {
  const ctx = await requireUser(deps, request);
  const accountId = ctx.user.accountId;
  if (typeof accountId !== "number" || !Number.isInteger(accountId) || accountId <= 0) {
    throw forbidden("account.required");
  }
  return { ...ctx, accountId };
}
