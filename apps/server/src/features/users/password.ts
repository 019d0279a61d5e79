import { type TUpdatePasswordBody, ZUpdatePasswordBody } from "@formloom/core/api/users";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { endSessions, type TokenIssuer } from "../../auth/tokens.ts";
import { users } from "../../db/schema.ts";
import type { UserContext, UserRow } from "../../http/context.ts";
import { invalidField } from "../../http/errors.ts";

/**
 * The person must prove they still know their password before changing where resets go or what
 * the password is: a borrowed, unlocked browser is not enough. The message belongs under the
 * "current password" input.
 */
export async function checkCurrentPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!password) throw invalidField("auth.current_password.required", "currentPassword");
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw invalidField("auth.current_password.wrong", "currentPassword");
  }
}

/**
 * POST /update-password: sets a new password after checking the current one, and ends every
 * sign-in of the user, this one included; the answer is a fresh token pair for the caller, so
 * only the browser that changed the password stays signed in. The row is locked while the
 * current password is checked, so two parallel changes cannot both pass with the old one.
 */
export async function updatePassword(ctx: UserContext, tokens: TokenIssuer, input: TUpdatePasswordBody) {
  const body = ZUpdatePasswordBody.parse(input);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, ctx.user.id)).for("update");
    if (!current) throw invalidField("auth.current_password.wrong", "currentPassword");
    await checkCurrentPassword(current, body.currentPassword);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, current.id));
    await endSessions(tx, current.id);
  });
  return tokens.issue(ctx.db, ctx.user.id);
}
