import { createHash, randomBytes } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { EXTERNAL_APP_TOKEN_PREFIX } from "@formloom/core/api/external-apps";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { externalApps, users } from "../db/schema.ts";
import type { UserRow } from "../http/context.ts";
import { unauthorized } from "../http/errors.ts";

const LAST_USED_PRECISION_MS = 60_000;

export function isExternalAppToken(token: string): boolean {
  return token.startsWith(EXTERNAL_APP_TOKEN_PREFIX);
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token: shown to its maker once; only its hash and first characters are kept. */
export function newExternalAppToken(): { token: string; hash: string; start: string } {
  const token = `${EXTERNAL_APP_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashToken(token), start: token.slice(0, EXTERNAL_APP_TOKEN_PREFIX.length + 6) };
}

/** "::ffff:10.0.0.1" (IPv4 on an IPv6 socket) is 10.0.0.1. */
function plainAddress(ip: string): string {
  return ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

/** Whether `ip` is one of the addresses or inside one of the CIDR ranges. */
export function ipAllowed(ip: string, allowed: readonly string[]): boolean {
  const address = plainAddress(ip);
  const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = "", bits] = entry.split("/");
    const entryFamily = isIPv4(base) ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(base, entryFamily);
    else list.addSubnet(base, Number(bits), entryFamily);
  }
  return list.check(address, family);
}

/** The user an external app acts as, if its token is active, unexpired and used from an allowed IP. */
export async function authenticateExternalApp(
  db: Db,
  token: string,
  ip: string,
): Promise<{ user: UserRow; appId: number }> {
  const [row] = await db
    .select({ app: externalApps, user: users })
    .from(externalApps)
    .innerJoin(users, and(eq(users.id, externalApps.userId), eq(users.accountId, externalApps.accountId)))
    .where(eq(externalApps.tokenHash, hashToken(token)));
  if (row?.app.status !== "active") throw unauthorized("api_token.invalid");
  if (row.app.expiresAt.getTime() <= Date.now()) throw unauthorized("api_token.expired");
  if (!ipAllowed(ip, row.app.allowedIps)) throw unauthorized("api_token.ip_not_allowed");
  // "Last used" is shown by the minute: a busy app does not write on every call.
  if (!row.app.lastUsedAt || Date.now() - row.app.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db
      .update(externalApps)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(externalApps.accountId, row.app.accountId), eq(externalApps.id, row.app.id)));
  }
  return { user: row.user, appId: row.app.id };
}

/** Whether an external app's token still works (active, not expired): its REST hooks send only then. */
export async function externalAppWorks(db: Db, accountId: number, appId: number): Promise<boolean> {
  const [app] = await db
    .select({ status: externalApps.status, expiresAt: externalApps.expiresAt })
    .from(externalApps)
    .where(and(eq(externalApps.accountId, accountId), eq(externalApps.id, appId)));
  return app?.status === "active" && app.expiresAt.getTime() > Date.now();
}
