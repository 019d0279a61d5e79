import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { SecretBox } from "../../auth/secret-box.ts";
import type { Db } from "../../db/connect.ts";
import { googleAuthorizations, googleConnections } from "../../db/schema.ts";
import type { GoogleSettings } from "../../settings.ts";

/** Only what an export needs: to create spreadsheets and write into them. */
export const SHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
/** A consent not finished in this time is forgotten. */
const AUTHORIZATION_MINUTES = 10;
/** An access token this close to its end is renewed before use. */
const EARLY_RENEWAL_MS = 60_000;

/** The user's Google token is missing, expired beyond renewal or revoked: they must connect again. */
export class GoogleTokenMissing extends Error {
  constructor() {
    super("the Google account is not connected or its token was revoked");
  }
}

export interface GoogleAccess {
  db: Db;
  secrets: SecretBox;
  google: GoogleSettings;
}

export const googleConfigured = (google: GoogleSettings) => Boolean(google.clientId && google.clientSecret);

const sha256 = (value: string) => createHash("sha256").update(value).digest();
const hashState = (state: string) => sha256(state).toString("hex");

/** Where Google sends the browser back to: an address of this server that is registered with the client. */
export const redirectUri = (linkBase: string) => `${linkBase}/api/user/google-get-token`;

/**
 * Begins a consent (OAuth 2.0 authorization code flow with PKCE): a fresh single-use `state`
 * bound to the user and a verifier kept sealed on the server; the answer is Google's consent page.
 */
export async function startAuthorization(
  access: GoogleAccess,
  userId: number,
  returnTo: string,
  callback: string,
): Promise<string> {
  const { db, secrets, google } = access;
  const state = randomBytes(32).toString("base64url");
  const verifier = randomBytes(48).toString("base64url");
  // Consents never finished are dropped as new ones begin (a handful at most: they last minutes).
  await db.delete(googleAuthorizations).where(lt(googleAuthorizations.expiresAt, sql`now()`));
  await db.insert(googleAuthorizations).values({
    stateHash: hashState(state),
    userId,
    verifier: secrets.seal(verifier),
    returnTo,
    expiresAt: sql`now() + make_interval(mins => ${AUTHORIZATION_MINUTES})`,
  });
  const url = new URL(google.oauthUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId ?? "",
    redirect_uri: callback,
    response_type: "code",
    scope: SHEETS_SCOPE,
    state,
    code_challenge: sha256(verifier).toString("base64url"),
    code_challenge_method: "S256",
    // A refresh token, so exports keep working after the hour an access token lasts.
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "false",
  }).toString();
  return url.toString();
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
}

/** A call to Google's token endpoint; `null` when Google refuses the grant (invalid, expired, revoked). */
async function tokenCall(google: GoogleSettings, grant: Record<string, string>): Promise<TokenAnswer | null> {
  const response = await fetch(google.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      ...grant,
      client_id: google.clientId ?? "",
      client_secret: google.clientSecret ?? "",
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status === 400 || response.status === 401) return null;
  if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
  const answer = (await response.json()) as TokenAnswer;
  if (typeof answer.access_token !== "string") throw new Error("Google's token answer has no access token");
  return answer;
}

const expiry = (answer: TokenAnswer) => new Date(Date.now() + (answer.expires_in ?? 3600) * 1000);

/**
 * Finishes a consent: takes the pending state once (a second use, a stranger's or an expired
 * state finds nothing), exchanges the code with its verifier and keeps the user's tokens.
 * Returns where the user was, or `null` when the state is not one this server gave out.
 */
export async function finishAuthorization(
  access: GoogleAccess,
  answer: { state: string; code?: string; error?: string },
  callback: string,
): Promise<{ returnTo: string; connected: boolean } | null> {
  const { db, secrets, google } = access;
  const [pending] = await db
    .delete(googleAuthorizations)
    .where(
      and(
        eq(googleAuthorizations.stateHash, hashState(answer.state)),
        gt(googleAuthorizations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!pending) return null;
  if (!answer.code || answer.error) return { returnTo: pending.returnTo, connected: false };
  // Google unreachable or refusing the code: nothing is connected, the user may try again.
  const tokens = await tokenCall(google, {
    grant_type: "authorization_code",
    code: answer.code,
    redirect_uri: callback,
    code_verifier: secrets.open(pending.verifier),
  }).catch(() => null);
  if (!tokens) return { returnTo: pending.returnTo, connected: false };
  const row = {
    accessToken: secrets.seal(tokens.access_token!),
    accessExpiresAt: expiry(tokens),
    refreshToken: tokens.refresh_token ? secrets.seal(tokens.refresh_token) : null,
    connectedAt: new Date(),
  };
  await db
    .insert(googleConnections)
    .values({ userId: pending.userId, ...row })
    .onConflictDoUpdate({ target: googleConnections.userId, set: row });
  return { returnTo: pending.returnTo, connected: true };
}

export async function connectionOf(db: Db, userId: number) {
  const [row] = await db.select().from(googleConnections).where(eq(googleConnections.userId, userId));
  return row;
}

/** Forgets the user's tokens and any consent under way. */
export async function disconnect(db: Db, userId: number): Promise<void> {
  await db.delete(googleConnections).where(eq(googleConnections.userId, userId));
  await db.delete(googleAuthorizations).where(eq(googleAuthorizations.userId, userId));
}

/**
 * The user's access token, renewed with the refresh token when it has expired (or when Google
 * refused it: `renew`). Only this user's row is ever read. A refused renewal means the user
 * revoked the access: the tokens are forgotten and GoogleTokenMissing thrown.
 */
export async function accessTokenFor(access: GoogleAccess, userId: number, renew = false): Promise<string> {
  const { db, secrets, google } = access;
  const row = await connectionOf(db, userId);
  if (!row) throw new GoogleTokenMissing();
  const fresh =
    row.accessToken && row.accessExpiresAt && row.accessExpiresAt.getTime() - EARLY_RENEWAL_MS > Date.now();
  if (fresh && !renew) return secrets.open(row.accessToken!);
  if (!row.refreshToken) {
    await forget(db, row);
    throw new GoogleTokenMissing();
  }
  const tokens = await tokenCall(google, {
    grant_type: "refresh_token",
    refresh_token: secrets.open(row.refreshToken),
  });
  if (!tokens) {
    await forget(db, row);
    throw new GoogleTokenMissing();
  }
  await db
    .update(googleConnections)
    .set({
      accessToken: secrets.seal(tokens.access_token!),
      accessExpiresAt: expiry(tokens),
      // Google may rotate the refresh token; otherwise the one kept stays.
      ...(tokens.refresh_token ? { refreshToken: secrets.seal(tokens.refresh_token) } : {}),
    })
    .where(eq(googleConnections.userId, userId));
  return tokens.access_token!;
}

/** Drops a connection whose tokens Google no longer takes, unless it was connected again meanwhile. */
async function forget(db: Db, row: typeof googleConnections.$inferSelect): Promise<void> {
  await db
    .delete(googleConnections)
    .where(and(eq(googleConnections.userId, row.userId), eq(googleConnections.connectedAt, row.connectedAt)));
}
