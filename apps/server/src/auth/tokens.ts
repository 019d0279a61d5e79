import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db, Tx } from "../db/connect.ts";
import { refreshTokens, users } from "../db/schema.ts";
import { unauthorized } from "../http/errors.ts";

const REFRESH_TTL_DAYS = 30;

/** What a valid access token says: whose it is, and of which generation of their sign-ins. */
export interface AccessClaims {
  userId: number;
  /** The user's token version when it was issued: it must still be theirs (endSessions). */
  version: number;
}

export interface TokenIssuer {
  issue(db: Db, userId: number, family?: string): Promise<{ token: string; refresh_token: string }>;
  /** The claims of a valid access token; throws 401 `token.expired` or `token.invalid`. */
  verifyAccess(token: string): Promise<AccessClaims>;
  /** Spends a refresh token and issues a new pair in its family; a reused one ends the family. */
  rotate(db: Db, refreshToken: string): Promise<{ token: string; refresh_token: string }>;
  /** Log out: ends the sign-in (the family) a refresh token belongs to; an unknown token is no error. */
  revoke(db: Db, refreshToken: string): Promise<void>;
  /**
   * Signs a user out on every device, access tokens included (endSessionsAndAccess), if the refresh token
   * is one of theirs still valid: holding it proves a sign-in; a spent or unknown one does nothing.
   */
  signOutEverywhere(db: Db, refreshToken: string): Promise<void>;
}

/** Ends every sign-in of a user: their refresh tokens stop working, so they must sign in again. */
export async function endSessions(tx: Db | Tx, userId: number): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every sign-in of a user and refuses at once the access tokens already given out, whose
 * version is no longer the user's: for a new password and for signing out everywhere, where a
 * token a thief holds must not keep working until it expires.
 */
export async function endSessionsAndAccess(tx: Db | Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await endSessions(tx, userId);
}

async function revokeFamily(tx: Tx, family: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

export function createTokenIssuer(secret: string, accessTtlSeconds: number): TokenIssuer {
  // Imported once: given the secret's bytes, the library would import a key on every signed-in call.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );

  async function issue(db: Db | Tx, userId: number, family: string = randomUUID()) {
    const [user] = await db
      .select({ tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized("token.invalid");
    const token = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${accessTtlSeconds}s`)
      .sign(await key);
    const refresh = randomBytes(32).toString("base64url");
    await db.insert(refreshTokens).values({
      userId,
      family,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_DAYS * 86_400_000),
    });
    return { token, refresh_token: refresh };
  }

  async function verifyAccess(token: string): Promise<AccessClaims> {
    try {
      // A token without an expiry would be valid forever: refuse it even with our signature.
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ["HS256"],
        requiredClaims: ["exp", "sub"],
      });
      const userId = Number(payload.sub);
      // A token issued before versions were written belongs to the first one.
      const version = payload.ver ?? 0;
      if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) {
        throw unauthorized("token.invalid");
      }
      return { userId, version: version as number };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized("token.expired");
      throw unauthorized("token.invalid");
    }
  }

  /**
   * Spending a token, issuing its successor and ending the family on reuse are one transaction
   * that holds the family's rows locked: parallel refreshes with one token take turns, so a reuse
   * always sees, and ends, the token the first of them was given.
   */
  async function rotate(db: Db, refreshToken: string) {
    const hash = sha256(refreshToken);
    const issued = await db.transaction(async (tx) => {
      const [known] = await tx
        .select({ family: refreshTokens.family })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (!known) return null;
      await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(eq(refreshTokens.family, known.family))
        .for("update");
      const [spent] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.tokenHash, hash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            sql`${refreshTokens.expiresAt} > now()`,
          ),
        )
        .returning();
      if (spent) return issue(tx, spent.userId, spent.family);
      // A spent or ended token came back: someone may hold a copy. End every token of that sign-in.
      await revokeFamily(tx, known.family);
      return null;
    });
    if (!issued) throw unauthorized("refresh_token.invalid");
    return issued;
  }

  async function revoke(db: Db, refreshToken: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.family} = (select ${refreshTokens.family} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${sha256(refreshToken)})`,
        ),
      );
  }

  async function signOutEverywhere(db: Db, refreshToken: string) {
    await db.transaction(async (tx) => {
      const [valid] = await tx
        .select({ userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.tokenHash, sha256(refreshToken)),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            sql`${refreshTokens.expiresAt} > now()`,
          ),
        );
      if (valid) await endSessionsAndAccess(tx, valid.userId);
    });
  }

  return { issue, verifyAccess, rotate, revoke, signOutEverywhere };
}
