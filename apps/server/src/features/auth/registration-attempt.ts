import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { signInCounters } from "../../db/schema.ts";
import { lettersIn } from "../../mail/letters.ts";
import { enqueueMail } from "../../mail/outbox.ts";

/** How often the owner of an address hears of registration attempts with it, at most. */
const MAIL_INTERVAL = sql`interval '5 minutes'`;

/**
 * Someone registered with an address that already has an account. The answer does not say so
 * (it would tell anyone which addresses are registered here); instead the address's owner gets a
 * mail: sign in, or reset the password. At most one such mail per address per five minutes, marked
 * by one atomic upsert, so a burst of attempts cannot flood the inbox.
 */
export async function tellOwnerOfRegistrationAttempt(
  db: Db,
  owner: { username: string; email: string; accountId: number | null; locale: string },
  linkBase: string,
): Promise<void> {
  const c = signInCounters;
  const key = `register-mail:${owner.email.toLowerCase()}`;
  await db.transaction(async (tx) => {
    const claimed = (await tx.execute(sql`
      insert into ${c} (key, count, window_start, not_before)
      values (${key}, 1, clock_timestamp(), clock_timestamp() + ${MAIL_INTERVAL})
      on conflict (key) do update set
        count = ${c.count} + 1,
        window_start = clock_timestamp(),
        not_before = clock_timestamp() + ${MAIL_INTERVAL}
      where ${c.notBefore} <= clock_timestamp()
      returning key`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) return;
    await enqueueMail(tx, {
      accountId: owner.accountId,
      to: owner.email,
      ...lettersIn(owner.locale).registrationAttempt({
        username: owner.username,
        signInLink: `${linkBase}/login`,
        resetLink: `${linkBase}/reset_password`,
      }),
    });
  });
}
