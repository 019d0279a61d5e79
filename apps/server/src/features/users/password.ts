import { type TUpdatePasswordBody, ZUpdatePasswordBody } from "@formloom/core/api/users";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { endSessionsAndAccess, type TokenIssuer } from "../../auth/tokens.ts";
import { users } from "../../db/schema.ts";
import type { UserContext } from "../../http/context.ts";
import { invalidField } from "../../http/errors.ts";
import { countSignInTry } from "../auth/sign-in-limits.ts";

const wrongPassword = () => invalidField("auth.current_password.wrong", "currentPassword");

/**
 * Counts a check of the current password as a sign-in try of the user from `ip`: a stolen
 * access token gets no more guesses at the password than the sign-in page gives. Like there,
 * the try is counted before the password is checked, and given back when it was right.
 */
async function passwordTry(ctx: UserContext, password: string | undefined, ip: string) {
  if (!password) throw invalidField("auth.current_password.required", "currentPassword");
  return countSignInTry(ctx.db, String(ctx.user.id), ip);
}

/**
 * The person must prove they still know their password before changing where resets go or what
 * the password is: a borrowed, unlocked browser is not enough. The message belongs under the
 * "current password" input.
 */
export async function checkCurrentPassword(
  ctx: UserContext,
  password: string | undefined,
  ip: string,
): Promise<void> {
  const attempt = await passwordTry(ctx, password, ip);
  if (!(await verifyPassword(password ?? "", ctx.user.passwordHash))) throw wrongPassword();
  await attempt.succeeded();
}

/**
 * POST /update-password: sets a new password after checking the current one, and ends every
 * sign-in of the user, this one included, access tokens and all; the answer is a fresh token pair for the caller, so
 * only the browser that changed the password stays signed in. The row is locked while the
 * current password is checked, so two parallel changes cannot both pass with the old one.
 */
export async function updatePassword(
  ctx: UserContext,
  tokens: TokenIssuer,
  input: TUpdatePasswordBody,
  ip: string,
) {
  const body = ZUpdatePasswordBody.parse(input);
  const attempt = await passwordTry(ctx, body.currentPassword, ip);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, ctx.user.id)).for("update");
    if (!current || !(await verifyPassword(body.currentPassword, current.passwordHash))) {
      throw wrongPassword();
    }
    await tx.update(users).set({ passwordHash }).where(eq(users.id, current.id));
    await endSessionsAndAccess(tx, current.id);
  });
  await attempt.succeeded();
  return tokens.issue(ctx.db, ctx.user.id);
}
