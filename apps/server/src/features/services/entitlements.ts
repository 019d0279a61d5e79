import { and, eq, sql } from "drizzle-orm";
import { accountServices, ledgerMovements, services } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import { chargeKey, periodOf } from "../billing/charges.ts";

/**
 * What the catalogue's services unlock, as the server enforces it: each gated feature names the
 * service that unlocks it. Every gate asks `requireFeature`, and nothing else decides.
 */
export const FEATURE_SERVICES = {
  /** "Exports of any size": more rows than FREE_EXPORT_ROWS in one export. */
  "exports.any_size": "responses-plus",
} as const;
export type GatedFeature = keyof typeof FEATURE_SERVICES;

/** The rows one export may have without the service that unlocks exports of any size. */
export const FREE_EXPORT_ROWS = 5_000;

/**
 * Refuses a feature whose service the caller's account has not added (402 service.required), or
 * whose month is still unpaid (402 service.unpaid: it unlocks once a payment covers the month).
 */
export async function requireFeature(
  ctx: TenantContext,
  feature: GatedFeature,
  now = new Date(),
): Promise<void> {
  const serviceId = FEATURE_SERVICES[feature];
  const [row] = await ctx.db
    .select({
      pricing: services.pricing,
      priceCents: services.priceCents,
      charged: sql<boolean>`exists (select 1 from ${ledgerMovements} m where m.account_id = ${ctx.accountId}
        and m.key = ${chargeKey(serviceId, periodOf(now))})`,
    })
    .from(accountServices)
    .innerJoin(services, eq(services.id, accountServices.serviceId))
    .where(and(eq(accountServices.accountId, ctx.accountId), eq(accountServices.serviceId, serviceId)));
  if (!row) throw new AppError(402, "service.required");
  if (row.pricing === "period" && row.priceCents > 0 && !row.charged)
    throw new AppError(402, "service.unpaid");
}
