import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { accountServices, ledgerMovements, services } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { post, postMovement } from "./ledger.ts";

export interface Use {
  accountId: number;
  /** A service priced per use ("sms"). */
  serviceId: string;
  /** Names the use (a submission and its reader): the same use is charged once, however often asked. */
  key: string;
  comment: string;
}

/**
 * Charges one use of a service priced per use, once per key: the charge is a movement whose key
 * names the use, so a retried job or parallel callers charge it once. Answers whether the use is
 * paid for (by this call or an earlier one whose charge was not given back); false when the account
 * has not added the service, or
 * when its balance, with what its plan lets it owe, does not cover the price: nothing is charged
 * and the use should not happen.
 */
export async function chargeUse(db: Db, use: Use): Promise<boolean> {
  const [service] = await db
    .select({ pricing: services.pricing, priceCents: services.priceCents })
    .from(accountServices)
    .innerJoin(services, eq(services.id, accountServices.serviceId))
    .where(and(eq(accountServices.accountId, use.accountId), eq(accountServices.serviceId, use.serviceId)));
  if (service?.pricing !== "use") return false;
  if (service.priceCents === 0) return true;
  const key = `use:${use.serviceId}:${use.key}`;
  try {
    const posted = await db.transaction((tx) =>
      postMovement(tx, {
        accountId: use.accountId,
        kind: "charge",
        amountCents: service.priceCents,
        comment: use.comment,
        key,
      }),
    );
    if (posted) return true;
    // Charged before: paid for, unless that charge was given back (the use did not happen).
    const [returned] = await db
      .select({ id: ledgerMovements.id })
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.accountId, use.accountId), eq(ledgerMovements.key, `${key}:returned`)));
    return !returned;
  } catch (error) {
    if (error instanceof AppError && error.code === "billing.balance.insufficient") return false;
    throw error;
  }
}

/**
 * Gives back what a use was charged when it did not happen after all (the gateway refused the
 * text), once however often asked; nothing when the use was not charged.
 */
export async function returnUse(db: Db, use: Use): Promise<void> {
  const charged = `use:${use.serviceId}:${use.key}`;
  const [charge] = await db
    .select({ amountCents: ledgerMovements.amountCents })
    .from(ledgerMovements)
    .where(and(eq(ledgerMovements.accountId, use.accountId), eq(ledgerMovements.key, charged)));
  if (!charge) return;
  await post(db, {
    accountId: use.accountId,
    kind: "returned",
    amountCents: charge.amountCents,
    comment: use.comment,
    key: `${charged}:returned`,
  });
}
