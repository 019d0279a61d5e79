import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashCode, newCode, oncePerFiveMinutes } from "../../auth/one-time-codes.ts";
import type { Db, Tx } from "../../db/connect.ts";
import { emailConfirmations, users } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { badRequest, conflict } from "../../http/errors.ts";
import { lettersIn } from "../../mail/letters.ts";
import { enqueueMail } from "../../mail/outbox.ts";

const CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Queues the confirmation mail inside the registration's transaction. */
export async function sendEmailConfirmation(
  tx: Tx,
  user: { id: number; username: string; email: string; accountId: number | null; locale: string },
  linkBase: string,
): Promise<void> {
  const { code, hash } = newCode();
  await tx
    .insert(emailConfirmations)
    .values({ userId: user.id, codeHash: hash, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  await enqueueMail(tx, {
    accountId: user.accountId,
    to: user.email,
    ...lettersIn(user.locale).emailConfirmation({
      username: user.username,
      link: `${linkBase}/confirm_email?code=${code}`,
    }),
  });
}

/**
 * POST /email-confirm: marks the address of a valid, unused code as confirmed, and answers whose
 * it is: the link proves its reader holds the address, so it signs them in.
 */
export async function confirmEmail(db: Db, code: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmations.codeHash, hashCode(code)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw badRequest("email_confirm.invalid");
    await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, row.userId));
    return row.userId;
  });
}

/**
 * Sends the confirmation link again to a signed-in user whose address is not confirmed yet;
 * once per five minutes, so the button cannot flood their inbox.
 */
export async function resendEmailConfirmation(db: Db, user: UserRow, linkBase: string): Promise<void> {
  if (user.emailConfirmedAt) throw conflict("email_confirm.already_confirmed");
  await db.transaction(async (tx) => {
    await oncePerFiveMinutes(tx, `confirm:${user.id}`, "email_confirm.already_sent");
    await sendEmailConfirmation(tx, user, linkBase);
  });
}
