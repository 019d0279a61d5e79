import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashCode, newCode, oncePerFiveMinutes } from "../../auth/one-time-codes.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { endSessionsAndAccess } from "../../auth/tokens.ts";
import type { Db, Tx } from "../../db/connect.ts";
import { passwordResets, users } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { lettersIn } from "../../mail/letters.ts";
import { enqueueMail } from "../../mail/outbox.ts";

const CODE_TTL_MS = 60 * 60 * 1000;

/**
 * Sends a reset link to the e-mail's account. The answer is the same whether or not the
 * address is registered, and one request per address per five minutes is allowed, so the
 * call tells nobody which addresses exist.
 */
export async function requestPasswordReset(db: Db, email: string, linkBase: string): Promise<void> {
  const key = `reset:${email.toLowerCase()}`;
  await db.transaction(async (tx) => {
    await oncePerFiveMinutes(tx, key, "reset.already_sent");

    // Locked, so parallel requests for one user take turns and the last one's link is the only one.
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for("update");
    if (!user) return;
    // Only the newest link works: a new one ends every older one still waiting in some inbox.
    await endResetCodes(tx, user.id);
    const { code, hash } = newCode(32);
    await tx
      .insert(passwordResets)
      .values({ userId: user.id, codeHash: hash, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
    await enqueueMail(tx, {
      accountId: user.accountId,
      to: user.email,
      ...lettersIn(user.locale).passwordReset({
        username: user.username,
        link: `${linkBase}/reset_password/confirm?code=${code}`,
      }),
    });
  });
}

/** Sets the new password for a valid, unused code, and ends every sign-in of that user, access tokens and all. */
export async function confirmPasswordReset(db: Db, code: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.codeHash, hashCode(code)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!reset) throw badRequest("reset.invalid");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await endResetCodes(tx, reset.userId);
    await endSessionsAndAccess(tx, reset.userId);
  });
}

async function endResetCodes(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
