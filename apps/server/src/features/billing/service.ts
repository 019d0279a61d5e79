import type { TBillingStatus, THistoryEntry } from "@formloom/core/api/billing";
import type { Permission } from "@formloom/core/permissions";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { accountServices, ledgerMovements, services } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { AppError, forbidden } from "../../http/errors.ts";
import { instant, zoneOf } from "../statistics/scope.ts";
import { nextPeriodStart, periodOf } from "./charges.ts";
import { balanceDelta, balanceOf, type MovementKind } from "./ledger.ts";

/**
 * The caller as a member allowed to do `permission` with the account's money. The policy
 * layer decides, as for every action; a refusal says "You haven't access right" (platform.md §6).
 */
export async function requireBilling(
  deps: Deps,
  request: FastifyRequest,
  permission: Extract<Permission, `billing.${string}`>,
): Promise<TenantContext> {
  try {
    return await requireTenant(deps, request, permission);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_allowed") throw forbidden("billing.not_allowed");
    throw error;
  }
}

/** Plans an account may be on: how far below zero each lets the balance go. */
export const PRICING_PACKAGES = [
  { id: "free", title: "Free", creditLimitCents: 0 },
  { id: "business", title: "Business", creditLimitCents: 5_000 },
] as const;

export async function billingStatus(
  ctx: TenantContext,
  currency: string,
  now = new Date(),
): Promise<TBillingStatus> {
  const balance = await balanceOf(ctx.db, ctx.accountId);
  const period = periodOf(now);
  const rows = await ctx.db
    .select({ service: services, charged: ledgerMovements.id })
    .from(accountServices)
    .innerJoin(services, eq(services.id, accountServices.serviceId))
    .leftJoin(
      ledgerMovements,
      and(
        eq(ledgerMovements.accountId, accountServices.accountId),
        sql`${ledgerMovements.key} = ${chargeKeySql(period)}`,
      ),
    )
    .where(eq(accountServices.accountId, ctx.accountId))
    .orderBy(asc(services.position));
  const next = nextPeriodStart(now).toISOString();
  const list = rows.map(({ service, charged }) => {
    const byPeriod = service.pricing === "period" && service.priceCents > 0;
    return {
      id: service.id,
      title: service.title,
      pricing: service.pricing as TBillingStatus["services"][number]["pricing"],
      priceCents: service.priceCents,
      nextChargeAt: byPeriod ? (charged === null ? now.toISOString() : next) : null,
      due: byPeriod && charged === null,
    };
  });
  return {
    ...balance,
    currency,
    services: list,
    monthlyCents: list.filter((s) => s.nextChargeAt !== null).reduce((sum, s) => sum + s.priceCents, 0),
  };
}

/** Matches a service's charge of the month: the key is `charge:<service>:<period>`. */
function chargeKeySql(period: string) {
  return sql`'charge:' || ${services.id} || ':' || ${period}`;
}

/** Movements of the caller's account, newest first, between two dates (inclusive, days in the user's time zone). */
export async function billingHistory(
  ctx: TenantContext,
  range: { date_from?: string | undefined; date_to?: string | undefined },
): Promise<THistoryEntry[]> {
  // The days are the user's own, from their midnight in their time zone.
  const zone = zoneOf(ctx, undefined);
  const from = range.date_from ? instant(range.date_from, zone, false) : undefined;
  const to = range.date_to ? instant(range.date_to, zone, true) : undefined;
  const rows = await ctx.db
    .select()
    .from(ledgerMovements)
    .where(
      and(
        eq(ledgerMovements.accountId, ctx.accountId),
        from ? gte(ledgerMovements.createdAt, from) : undefined,
        to ? lt(ledgerMovements.createdAt, to) : undefined,
      ),
    )
    .orderBy(desc(ledgerMovements.createdAt), desc(ledgerMovements.id))
    .limit(1000);
  // A loss or its recovery is the instance's: it never touched the account's balance.
  return rows.flatMap((row) => {
    const delta = balanceDelta(row.kind as MovementKind, row.amountCents);
    if (delta === 0) return [];
    const type = delta > 0 ? ("charging" as const) : ("withdrawal" as const);
    return [
      {
        id: row.id,
        date: row.createdAt.toISOString(),
        amountCents: row.amountCents,
        type,
        comment: row.comment,
      },
    ];
  });
}
