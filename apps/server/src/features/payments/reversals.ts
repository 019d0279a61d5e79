import { and, eq, like, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, Tx } from "../../db/connect.ts";
import { billingBalances, ledgerMovements, payments } from "../../db/schema.ts";
import { conflict } from "../../http/errors.ts";
import { chargeDue } from "../billing/charges.ts";
import { type MovementKind, postMovement } from "../billing/ledger.ts";
import type { PaymentRow } from "./settle.ts";

/**
 * Money that leaves a paid payment after it settled, as Stripe tells it: a refund (the charge's
 * `amount_refunded`, which only grows), or a dispute (withdrawn when opened, given back when won).
 * Every delivery of an event, in any order and any number of times at once, posts each movement
 * once: the payment's row is locked while its reversals are read and posted, and each movement's
 * key names what it is for.
 */

/** The payment a Stripe payment intent paid: its Checkout session is asked of Stripe itself. */
async function paymentOfIntent(
  db: Db,
  stripe: Stripe,
  intent: string | null,
): Promise<PaymentRow | undefined> {
  if (!intent) return undefined;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
  const session = sessions.data[0];
  if (!session) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.providerRef, session.id));
  // A donation moves no balance: there is nothing of ours to take back.
  return row?.accountId !== null && row?.purpose === "balance" ? row : undefined;
}

const intentOf = (value: string | { id: string } | null) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The payment, locked for this transaction; a payment not yet paid is told again later (409). */
async function lockPaid(tx: Tx, id: number): Promise<PaymentRow & { accountId: number }> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
  if (row?.status !== "paid" || row.accountId === null) throw conflict("payment.not_settled");
  return { ...row, accountId: row.accountId };
}

/** The movements already posted under `key` and its loss, by key. */
async function posted(tx: Tx, accountId: number, key: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ key: ledgerMovements.key, amount: ledgerMovements.amountCents })
    .from(ledgerMovements)
    .where(
      and(
        eq(ledgerMovements.accountId, accountId),
        or(eq(ledgerMovements.key, key), eq(ledgerMovements.key, `${key}:loss`)),
      ),
    );
  return new Map(rows.map((row) => [row.key, row.amount]));
}

/**
 * Takes `amountCents` of a paid payment back out: from the balance as far as the account's plan
 * lets it go, and the rest as the instance's loss, so the balance never passes its floor.
 */
export async function takeBack(
  tx: Tx,
  accountId: number,
  kind: Extract<MovementKind, "refund" | "dispute">,
  amountCents: number,
  key: string,
  comment: string,
): Promise<void> {
  if (amountCents <= 0) return;
  await tx.insert(billingBalances).values({ accountId }).onConflictDoNothing();
  // The balance's row lock orders every movement of the account: what was posted is read after it.
  const [balance] = await tx
    .select({ cents: billingBalances.balanceCents, limit: billingBalances.creditLimitCents })
    .from(billingBalances)
    .where(eq(billingBalances.accountId, accountId))
    .for("update");
  if ((await posted(tx, accountId, key)).size > 0) return;
  const covered = Math.max(0, Math.min(amountCents, (balance?.cents ?? 0) + (balance?.limit ?? 0)));
  const base = { accountId, comment };
  if (covered > 0) await postMovement(tx, { ...base, kind, amountCents: covered, key });
  if (covered < amountCents)
    await postMovement(tx, { ...base, kind: "loss", amountCents: amountCents - covered, key: `${key}:loss` });
}

const label = (payment: PaymentRow) => `payment ${payment.publicId.slice(0, 8)} (${payment.provider})`;

/** `charge.refunded`: the part of `amount_refunded` not taken back yet is taken back now. */
export async function refundCharge(db: Db, stripe: Stripe, charge: Stripe.Charge): Promise<void> {
  const found = await paymentOfIntent(db, stripe, intentOf(charge.payment_intent));
  if (!found) return;
  await db.transaction(async (tx) => {
    const payment = await lockPaid(tx, found.id);
    const [done] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerMovements.amountCents}), 0)` })
      .from(ledgerMovements)
      .where(
        and(
          eq(ledgerMovements.accountId, payment.accountId),
          like(ledgerMovements.key, `refund:${payment.id}:%`),
        ),
      );
    const refunded = Math.min(charge.amount_refunded, payment.amountCents);
    await takeBack(
      tx,
      payment.accountId,
      "refund",
      refunded - Number(done?.cents ?? 0),
      `refund:${payment.id}:${refunded}`,
      `Refund of ${label(payment)}`,
    );
  });
}

/**
 * A dispute's events: opened (or its funds withdrawn) takes the disputed amount back; closed as
 * lost keeps it taken; won (or funds reinstated) gives back exactly what was taken, to the
 * balance and to losses as it was taken from them.
 */
export async function disputeCharge(
  db: Db,
  stripe: Stripe,
  dispute: Stripe.Dispute,
  outcome: "withdrawn" | "lost" | "won",
): Promise<void> {
  const found = await paymentOfIntent(db, stripe, intentOf(dispute.payment_intent));
  if (!found) return;
  const accountId = await db.transaction(async (tx) => {
    const payment = await lockPaid(tx, found.id);
    const key = `dispute:${dispute.id}`;
    const amount = Math.min(dispute.amount, payment.amountCents);
    await takeBack(tx, payment.accountId, "dispute", amount, key, `Dispute of ${label(payment)}`);
    if (outcome !== "won") return undefined;
    const taken = await posted(tx, payment.accountId, key);
    const back = `dispute-won:${dispute.id}`;
    const base = { accountId: payment.accountId, comment: `Dispute won: ${label(payment)}` };
    const fromBalance = taken.get(key) ?? 0;
    const fromLosses = taken.get(`${key}:loss`) ?? 0;
    if (fromBalance > 0)
      await postMovement(tx, { ...base, kind: "reinstatement", amountCents: fromBalance, key: back });
    if (fromLosses > 0)
      await postMovement(tx, { ...base, kind: "recovery", amountCents: fromLosses, key: `${back}:loss` });
    return payment.accountId;
  });
  // Months of services that waited for money are charged from what came back.
  if (accountId !== undefined) await chargeDue(db, new Date(), accountId);
}
