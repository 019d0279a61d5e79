import type { TCreateAccountBody, TLoginBody, TRegisterBody, TUserInfo } from "@formloom/core/api/auth";
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
import { acceptInvitation } from "../invitations/service.ts";
import { avatarUrl } from "../users/service.ts";
import { sendEmailConfirmation } from "./email-confirmation.ts";
import { countSignInTry } from "./sign-in-limits.ts";

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

export async function register(db: Db, tokens: TokenIssuer, input: TRegisterBody, linkBase: string) {
  const body = ZRegisterBody.parse(input);
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${body.username}) or lower(${users.email}) = lower(${body.email})`,
    );
  if (taken) {
    throw taken.username.toLowerCase() === body.username.toLowerCase()
      ? conflict("register.username.exists", "username")
      : conflict("register.email.exists", "email");
  }
  const passwordHash = await hashPassword(body.password);
  try {
    const userId = await db.transaction(async (tx) => {
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
      // and the invitation's link already proved the address.
      if (body.inviteCode) {
        await acceptInvitation(tx, body.inviteCode, user!);
        await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, user!.id));
      } else {
        await sendEmailConfirmation(tx, user!, linkBase);
      }
      return user!.id;
    });
    return tokens.issue(db, userId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("register.username.exists", "username");
    throw error;
  }
}

export async function login(db: Db, tokens: TokenIssuer, body: TLoginBody, ip: string) {
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
  const attempt = await countSignInTry(db, subject, ip);
  const valid = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw unauthorized("auth.bad_credentials");
  await attempt.succeeded();
  await db.update(users).set({ lastActivityAt: sql`now()` }).where(eq(users.id, user.id));
  return tokens.issue(db, user.id);
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
  };
}

export function presentAccount(row: typeof accounts.$inferSelect) {
  return { id: row.id, name: row.name, subdomain: row.subdomain, type: row.type, status: row.status };
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
