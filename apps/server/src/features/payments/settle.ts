import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { payments } from "../../db/schema.ts";
import { chargeDue } from "../billing/charges.ts";
import { postMovement } from "../billing/ledger.ts";

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Settles a pending payment as paid, once: the status moves from pending in the same transaction
 * that credits the balance (the movement's key is the payment's id), so a webhook delivered again,
 * or a confirmation clicked twice, finds it settled and credits nothing. Months of services that
 * were waiting for the money are charged afterwards. Returns whether this call settled it.
 */
export async function settlePaid(
  db: Db,
  where: { publicId: string } | { providerRef: string },
): Promise<boolean> {
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: "paid", settledAt: new Date() })
      .where(and(matching(where), eq(payments.status, "pending")))
      .returning();
    if (!row) return undefined;
    if (row.purpose === "balance" && row.accountId !== null) {
      await postMovement(tx, {
        accountId: row.accountId,
        kind: "payment",
        amountCents: row.amountCents,
        comment: `Payment ${row.publicId.slice(0, 8)} (${row.provider})`,
        key: `payment:${row.id}`,
      });
    }
    return row;
  });
  if (settled?.accountId) await chargeDue(db, new Date(), settled.accountId);
  return settled !== undefined;
}

/** Marks a pending payment failed (declined, cancelled or expired); a settled one stays as it is. */
export async function settleFailed(
  db: Db,
  where: { publicId: string } | { providerRef: string },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: "failed", settledAt: new Date() })
    .where(and(matching(where), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return rows.length > 0;
}

function matching(where: { publicId: string } | { providerRef: string }) {
  return "publicId" in where
    ? eq(payments.publicId, where.publicId)
    : eq(payments.providerRef, where.providerRef);
}
