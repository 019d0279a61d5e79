import type { Permission } from "@formloom/core/permissions";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { authenticateExternalApp, isExternalAppToken } from "../auth/external-app-tokens.ts";
import type { SecretBox } from "../auth/secret-box.ts";
import type { TokenIssuer } from "../auth/tokens.ts";
import type { Db } from "../db/connect.ts";
import { users } from "../db/schema.ts";
import type { Settings } from "../settings.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { forbidden, unauthorized } from "./errors.ts";
import { authorize } from "./policy.ts";

export type UserRow = typeof users.$inferSelect;

/** What every route gets: the database, the settings and the token issuer. */
export interface Deps {
  db: Db;
  settings: Settings;
  tokens: TokenIssuer;
  secrets: SecretBox;
  /** Where uploaded files live (storage/file-storage.ts). */
  storage: FileStorage;
}

/** How the caller proved who they are: a sign-in token, or an external app's token. */
export type Credential = "session" | "external_app";

export interface UserContext {
  db: Db;
  user: UserRow;
  via: Credential;
  /** The external app whose token the caller used, when `via` is "external_app". */
  appId?: number | undefined;
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

/** An external app's token sent as an API key (`X-API-Key`), the way integration platforms send one. */
function apiKey(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"];
  const token = typeof header === "string" ? header.trim() : "";
  return isExternalAppToken(token) ? token : undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Served without a signed-in caller; every other API route requires one. */
    public?: boolean;
    /** Served without a signed-in caller to a call carrying a signed `link` (an export's file link). */
    publicWithLink?: boolean;
    /**
     * Only for a person signed in with their password, never for an external app's token:
     * routes that change an e-mail or password, tokens, API keys or who belongs where. A token
     * limited to one address must not be able to turn itself into the whole account.
     */
    sessionOnly?: boolean;
  }
}

const authenticated = new WeakMap<FastifyRequest, Promise<UserContext | undefined>>();

/** Who is calling, worked out once per request however many times a route asks. */
function authenticate(deps: Deps, request: FastifyRequest): Promise<UserContext | undefined> {
  let caller = authenticated.get(request);
  if (!caller) {
    caller = identify(deps, request);
    authenticated.set(request, caller);
  }
  return caller;
}

/**
 * Asks for a signed-in caller before the body is even read, on every API route not marked
 * public: a new route is closed unless it says otherwise, and an anonymous caller learns
 * nothing about a route's input.
 */
export function requireCallerFirst(deps: Deps) {
  return async (request: FastifyRequest): Promise<void> => {
    const config = request.routeOptions.config;
    if (config.public) return;
    if (config.publicWithLink && typeof (request.query as { link?: unknown }).link === "string") return;
    const ctx = await requireUser(deps, request);
    if (config.sessionOnly) requireSession(ctx);
  };
}

/** Refuses an external app's token: what follows needs the person themselves. */
export function requireSession(ctx: UserContext): void {
  if (ctx.via !== "session") throw forbidden("auth.session_required");
}

async function identify(deps: Deps, request: FastifyRequest): Promise<UserContext | undefined> {
  const token = bearer(request) ?? apiKey(request);
  if (!token) return undefined;
  if (isExternalAppToken(token)) {
    const { user, appId } = await authenticateExternalApp(deps.db, token, request.ip);
    return { db: deps.db, user, via: "external_app", appId };
  }
  const { userId, version } = await deps.tokens.verifyAccess(token);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  // The row read anyway says whether the token's generation of sign-ins was ended since.
  if (!user || user.tokenVersion !== version) throw unauthorized("token.invalid");
  return { db: deps.db, user, via: "session" };
}

export async function optionalUser(deps: Deps, request: FastifyRequest): Promise<UserRow | undefined> {
  return (await authenticate(deps, request))?.user;
}

export async function requireUser(deps: Deps, request: FastifyRequest): Promise<UserContext> {
  const ctx = await authenticate(deps, request);
  if (!ctx) throw unauthorized();
  return ctx;
}

/**
 * The caller as a member of their account, allowed to do `permission` (the policy layer
 * decides). A missing or empty account id means deny: no query runs without one.
 */
export async function requireTenant(
  deps: Deps,
  request: FastifyRequest,
  permission: Permission,
): Promise<TenantContext> {
  const ctx = await requireUser(deps, request);
  const accountId = ctx.user.accountId;
  if (typeof accountId !== "number" || !Number.isInteger(accountId) || accountId <= 0) {
    throw forbidden("account.required");
  }
  const tenant = { ...ctx, accountId };
  await authorize(tenant, permission);
  return tenant;
}
