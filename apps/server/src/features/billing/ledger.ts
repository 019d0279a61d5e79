import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.ts";
import { billingBalances, ledgerEntries, ledgerMovements } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/**
 * What a movement does: money from outside onto the balance (payment), from the balance to what
 * services earned (charge), or from the balance back out (refund, and a card holder's dispute).
 * A refund or dispute the balance cannot cover is the instance's loss: its uncovered part moves
 * out of "losses", not the balance, whose floor holds. A dispute won moves it all back
 * (reinstatement onto the balance, recovery into losses). A use charged but not delivered (a text
 * the gateway refused) is returned from what services earned. `into` gains the amount and `from`
 * loses it, so each movement's two entries sum to zero.
 */
const MOVES = {
  payment: { from: "payments", into: "balance" },
  charge: { from: "balance", into: "revenue" },
  refund: { from: "balance", into: "payments" },
  dispute: { from: "balance", into: "payments" },
  loss: { from: "losses", into: "payments" },
  reinstatement: { from: "payments", into: "balance" },
  recovery: { from: "payments", into: "losses" },
  returned: { from: "revenue", into: "balance" },
} as const;
export type MovementKind = keyof typeof MOVES;

export interface Movement {
  accountId: number;
  kind: MovementKind;
  amountCents: number;
  comment: string;
  /** Makes the movement happen once: a second post with the same key does nothing. */
  key: string;
}

/** What the movement does to the account's balance. */
export function balanceDelta(kind: MovementKind, amountCents: number): number {
  const move = MOVES[kind];
  if (move.into === "balance") return amountCents;
  return move.from === "balance" ? -amountCents : 0;
}

/**
 * Posts one movement inside the caller's transaction: the movement, its two entries and the
 * balance change commit together or not at all. Returns false when a movement with this key
 * was posted before (nothing changes). A balance that would fall below what the account's plan
 * allows throws `billing.balance.insufficient`, which rolls the caller's transaction back.
 */
export async function postMovement(tx: Tx, movement: Movement): Promise<boolean> {
  const [posted] = await tx
    .insert(ledgerMovements)
    .values(movement)
    .onConflictDoNothing({ target: [ledgerMovements.accountId, ledgerMovements.key] })
    .returning({ id: ledgerMovements.id });
  if (!posted) return false;
  const delta = balanceDelta(movement.kind, movement.amountCents);
  await tx.insert(billingBalances).values({ accountId: movement.accountId }).onConflictDoNothing();
  // One statement reads and moves the balance under its row lock, so parallel movements queue.
  const [moved] = await tx
    .update(billingBalances)
    .set({ balanceCents: sql`${billingBalances.balanceCents} + ${delta}` })
    .where(
      and(
        eq(billingBalances.accountId, movement.accountId),
        sql`${billingBalances.balanceCents} + ${delta} >= -${billingBalances.creditLimitCents}`,
      ),
    )
    .returning({ balance: billingBalances.balanceCents });
  if (!moved) throw new AppError(402, "billing.balance.insufficient");
  const move = MOVES[movement.kind];
  await tx.insert(ledgerEntries).values([
    {
      accountId: movement.accountId,
      movementId: posted.id,
      book: move.into,
      amountCents: movement.amountCents,
    },
    {
      accountId: movement.accountId,
      movementId: posted.id,
      book: move.from,
      amountCents: -movement.amountCents,
    },
  ]);
  return true;
}

/** Posts a movement in a transaction of its own; false when its key was posted before. */
export function post(db: Db, movement: Movement): Promise<boolean> {
  return db.transaction((tx) => postMovement(tx, movement));
}

/** The account's balance and the most its plan lets it owe (an account that never paid has none). */
export async function balanceOf(
  db: Db,
  accountId: number,
): Promise<{ balanceCents: number; plan: string; creditLimitCents: number }> {
  const [row] = await db
    .select({
      balanceCents: billingBalances.balanceCents,
      plan: billingBalances.plan,
      creditLimitCents: billingBalances.creditLimitCents,
    })
    .from(billingBalances)
    .where(eq(billingBalances.accountId, accountId));
  return row ?? { balanceCents: 0, plan: "free", creditLimitCents: 0 };
}
