import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.ts";
import { accountServices, ledgerMovements, services } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import { postMovement } from "./ledger.ts";

/** A service charged by period is charged once per calendar month (UTC), named "2026-11". */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first moment of the month after `date`'s, when the next period's charge falls due. */
export function nextPeriodStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export const chargeKey = (serviceId: string, period: string) => `charge:${serviceId}:${period}`;

interface DueCharge {
  accountId: number;
  serviceId: string;
  title: string;
  priceCents: number;
}

/** The period services (of one account, or of all) whose month `period` is not charged yet. */
export function dueCharges(db: Db, period: string, accountId?: number): Promise<DueCharge[]> {
  return db
    .select({
      accountId: accountServices.accountId,
      serviceId: services.id,
      title: services.title,
      priceCents: services.priceCents,
    })
    .from(accountServices)
    .innerJoin(services, eq(services.id, accountServices.serviceId))
    .where(
      and(
        eq(services.pricing, "period"),
        sql`${services.priceCents} > 0`,
        accountId === undefined ? undefined : eq(accountServices.accountId, accountId),
        sql`not exists (select 1 from ${ledgerMovements} m where m.account_id = ${accountServices.accountId}
          and m.key = 'charge:' || ${services.id} || ':' || ${period})`,
      ),
    );
}

/**
 * Charges every service whose current month is due, each in its own transaction. The movement's
 * key (service and month) makes a second run in the month, or a run in another process, charge
 * nothing more; a balance that does not cover a charge leaves it due for the next run.
 */
export async function chargeDue(db: Db, now: Date = new Date(), accountId?: number): Promise<number> {
  const period = periodOf(now);
  let charged = 0;
  for (const due of await dueCharges(db, period, accountId)) {
    try {
      const posted = await db.transaction((tx) =>
        postMovement(tx, {
          accountId: due.accountId,
          kind: "charge",
          amountCents: due.priceCents,
          comment: `${due.title}, ${period}`,
          key: chargeKey(due.serviceId, period),
        }),
      );
      if (posted) charged++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === "billing.balance.insufficient")) throw error;
    }
  }
  return charged;
}

/** Runs the monthly charges in this process; the keys keep several processes from charging twice. */
export function startChargeWorker(db: Db, log: FastifyBaseLogger, intervalMs: number): PeriodicWorker {
  return periodicWorker(() => chargeDue(db), { intervalMs, log, failure: "service charges failed" });
}
