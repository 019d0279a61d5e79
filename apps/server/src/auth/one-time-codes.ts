import { createHash, randomBytes } from "node:crypto";
import type { MessageCode } from "@formloom/core/errors";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { loginFailures } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

/** How a code sent by mail is stored: only its hash, so a database dump opens no links. */
export const hashCode = (code: string) => createHash("sha256").update(code).digest("base64url");

/** A random code for a link in a mail, and the hash to store. */
export function newCode(bytes = 24): { code: string; hash: string } {
  const code = randomBytes(bytes).toString("base64url");
  return { code, hash: hashCode(code) };
}

/**
 * Allows an action once per five minutes for `key` (an address, a user): answers 429 with
 * `refusal` when it was done more recently, and records it otherwise. The marks live in the
 * database, so every server process sees them; a lock on the key until `tx` ends makes parallel
 * requests take turns, so only one of a burst gets through.
 */
export async function oncePerFiveMinutes(tx: Tx, key: string, refusal: MessageCode): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [recent] = await tx
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, sql`now() - interval '5 minutes'`)))
    .limit(1);
  if (recent) throw new AppError(429, refusal);
  await tx.insert(loginFailures).values({ key });
}
