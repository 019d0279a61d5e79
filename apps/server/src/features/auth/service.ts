import type {
  TCreateAccountBody,
  TLoginBody,
  TRegisterBody,
  TRegisterCheckEmail,
  TTokens,
  TUserInfo,
} from "@formloom/core/api/auth";
import { ZCreateAccountBody, ZRegisterBody, ZUserSettings } from "@formloom/core/api/auth";
import { and, eq, sql } from "drizzle-orm";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../../auth/passwords.ts";
import type { TokenIssuer } from "../../auth/tokens.ts";
import type { Db } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { accounts, users } from "../../db/schema.ts";
import type { UserContext } from "../../http/context.ts";
import { conflict, unauthorized } from "../../http/errors.ts";
import { permissionsOf, rolesOf } from "../../http/policy.ts";
import { groupsOf } from "../groups/service.ts";
import { acceptInvitation, invitationFor, previewInvitation } from "../invitations/service.ts";
import { avatarUrl } from "../users/service.ts";
import type { KnownDevice } from "./device-cookie.ts";
import { sendEmailConfirmation } from "./email-confirmation.ts";
import { tellOwnerOfRegistrationAttempt } from "./registration-attempt.ts";
import { countSignInTry, isKnownAddress, type KnownPlace } from "./sign-in-limits.ts";

/**
 * The language and time zone the person signed up in, each kept when valid: a wrong one falls
 * back to the default instead of refusing the registration.
 */
function startingSettings(params: Record<string, unknown> | undefined) {
  const locale = ZUserSettings.shape.locale.safeParse(params?.locale);
  const timezone = ZUserSettings.shape.timezone.safeParse(params?.timezone);
  return {
    ...(locale.success ? { locale: locale.data } : {}),
    ...(timezone.success ? { timezone: timezone.data } : {}),
  };
}

/** What registration answers for a new address and a registered one alike. */
const CHECK_EMAIL: TRegisterCheckEmail = { checkEmail: true };

/**
 * Registers. A username already taken is said, since the person must choose another. Whether
 * the address is registered is not: both answer "check your inbox". A new address gets the link
 * that confirms it and signs in; a registered one gets a mail saying how to sign in. Only a
 * person joining through an invitation, whose link already proved the address, is signed in at once.
 */
export async function register(
  db: Db,
  tokens: TokenIssuer,
  input: TRegisterBody,
  linkBase: string,
  /** Addresses an invitation does not prove (the support operators'): their own link must. */
  provedByOwnLinkOnly: readonly string[] = [],
): Promise<TTokens | TRegisterCheckEmail> {
  const body = ZRegisterBody.parse(input);
  // Hashed for a registered address too: the time of the answer does not tell them apart either.
  const passwordHash = await hashPassword(body.password);
  // The code is checked before the address, so a made-up code, or one sent to someone else,
  // is refused alike whether or not the address has an account.
  if (body.inviteCode) await invitationFor(db, body.inviteCode, body.email);
  const clash = await clashOf(db, body.username, body.email);
  if (clash.usernameTaken) throw conflict("register.username.exists", "username");
  if (clash.emailOwner) return answerTakenAddress(db, body, clash.emailOwner, linkBase);
  try {
    const joined = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          lastActivityAt: new Date(),
          ...startingSettings(body.registerParams),
        })
        .returning();
      // Joining through an invitation: the new user is the account's member from the start,
      // and the invitation's link already proved the address. Not an operator's address: the
      // inviting account reads its invitations' links in its outbox, so it could join as the
      // operator; that address is proved by the confirmation link sent to it.
      if (body.inviteCode) {
        await acceptInvitation(tx, body.inviteCode, user!);
        if (provedByOwnLinkOnly.includes(body.email.trim().toLowerCase()))
          await sendEmailConfirmation(tx, user!, linkBase);
        else await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, user!.id));
        return user!.id;
      }
      await sendEmailConfirmation(tx, user!, linkBase);
      return null;
    });
    return joined === null ? CHECK_EMAIL : await tokens.issue(db, joined);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A parallel registration took the name or the address meanwhile: answer as if it came first.
    const late = await clashOf(db, body.username, body.email);
    if (late.usernameTaken || !late.emailOwner) throw conflict("register.username.exists", "username");
    return answerTakenAddress(db, body, late.emailOwner, linkBase);
  }
}

async function answerTakenAddress(
  db: Db,
  body: { email: string; inviteCode?: string | undefined },
  owner: Parameters<typeof tellOwnerOfRegistrationAttempt>[1],
  linkBase: string,
): Promise<TRegisterCheckEmail> {
  // Whoever holds an invitation mailed to this address reads that inbox: telling them that it
  // has an account (sign in and accept instead) tells nobody else anything.
  if (await invitedAt(db, body.inviteCode, body.email)) throw conflict("register.email.exists", "email");
  await tellOwnerOfRegistrationAttempt(db, owner, linkBase);
  return CHECK_EMAIL;
}

async function invitedAt(db: Db, inviteCode: string | undefined, email: string): Promise<boolean> {
  if (!inviteCode) return false;
  const invitation = await previewInvitation(db, inviteCode).catch(() => undefined);
  return invitation?.email.toLowerCase() === email.toLowerCase();
}

async function clashOf(db: Db, username: string, email: string) {
  const rows = await db
    .select({
      usernameTaken: sql<boolean>`lower(${users.username}) = lower(${username})`,
      emailTaken: sql<boolean>`lower(${users.email}) = lower(${email})`,
      username: users.username,
      email: users.email,
      accountId: users.accountId,
      locale: users.locale,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  return {
    usernameTaken: rows.some((row) => row.usernameTaken),
    emailOwner: rows.find((row) => row.emailTaken),
  };
}

export async function login(
  db: Db,
  tokens: TokenIssuer,
  body: TLoginBody,
  ip: string,
  device: KnownDevice | null = null,
) {
  // A login with "@" is an e-mail address and matches only addresses: no username looks like one,
  // so nobody's username can capture sign-in by someone else's e-mail.
  const byEmail = body.username.includes("@");
  const [user] = await db
    .select()
    .from(users)
    .where(
      byEmail
        ? sql`lower(${users.email}) = lower(${body.username})`
        : sql`lower(${users.username}) = lower(${body.username})`,
    )
    .limit(1);
  const subject = user ? String(user.id) : `name:${body.username.toLowerCase()}`;
  // A device or an address the user signed in on before is theirs: counted apart from strangers.
  const known: KnownPlace = !user
    ? null
    : device?.userId === user.id
      ? { device: device.device }
      : (await isKnownAddress(db, subject, ip))
        ? "address"
        : null;
  const attempt = await countSignInTry(db, subject, ip, known);
  const valid = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw unauthorized("auth.bad_credentials");
  await attempt.succeeded();
  await db.update(users).set({ lastActivityAt: sql`now()` }).where(eq(users.id, user.id));
  return { userId: user.id, tokens: await tokens.issue(db, user.id) };
}

export async function userInfo(ctx: UserContext): Promise<TUserInfo> {
  const { db, user } = ctx;
  const [account] = user.accountId
    ? await db.select().from(accounts).where(eq(accounts.id, user.accountId))
    : [];
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    locale: user.locale,
    timezone: user.timezone,
    currency: user.currency,
    isAccountAdmin: user.isAccountAdmin,
    emailConfirmed: user.emailConfirmedAt !== null,
    permissions: await permissionsOf(ctx),
    avatar: avatarUrl(user),
    roles: account ? await rolesOf(ctx.db, user) : [],
    account: account ? presentAccount(account) : null,
    groups: await groupsOf(db, user),
  };
}

export function presentAccount(row: typeof accounts.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    type: row.type,
    status: row.status,
    recordingsRetentionDays: row.recordingsRetentionDays,
  };
}

const RESERVED_SUBDOMAINS = new Set(["www", "api", "admin", "app", "mail", "static", "assets"]);

/** Creates an account with the caller as its admin. */
export async function createAccount(ctx: UserContext, input: TCreateAccountBody) {
  const body = ZCreateAccountBody.parse(input);
  if (ctx.user.accountId) throw conflict("account.already_member");
  if (RESERVED_SUBDOMAINS.has(body.subdomain)) throw conflict("account.exists", "subdomain");
  try {
    return await ctx.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({ name: body.name, subdomain: body.subdomain, type: body.type })
        .returning();
      const updated = await tx
        .update(users)
        .set({ accountId: account!.id, isAccountAdmin: true })
        .where(and(eq(users.id, ctx.user.id), sql`${users.accountId} is null`))
        .returning({ id: users.id });
      if (updated.length === 0) throw conflict("account.already_member");
      return presentAccount(account!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("account.exists", "subdomain");
    throw error;
  }
}
