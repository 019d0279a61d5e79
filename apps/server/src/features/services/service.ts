import type { TCurrentService, TService } from "@formloom/core/api/billing";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { accountServices, services } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { chargeDue } from "../billing/charges.ts";

type ServiceRow = typeof services.$inferSelect;

export function presentService(row: ServiceRow, currency: string): TService {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pricing: row.pricing as TService["pricing"],
    priceCents: row.priceCents,
    currency,
    unlocks: row.unlocks,
  };
}

/** The instance's catalogue, in the order it offers it. */
export function catalogue(db: Db): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.position), asc(services.id));
}

export async function currentServices(ctx: TenantContext, currency: string): Promise<TCurrentService[]> {
  const rows = await ctx.db
    .select({ service: services, addedAt: accountServices.addedAt })
    .from(accountServices)
    .innerJoin(services, eq(services.id, accountServices.serviceId))
    .where(eq(accountServices.accountId, ctx.accountId))
    .orderBy(asc(services.position));
  return rows.map((row) => ({
    ...presentService(row.service, currency),
    addedAt: row.addedAt.toISOString(),
  }));
}

/**
 * Adds a service to the caller's account and charges its month at once when the balance covers
 * it; otherwise the month stays due and is charged once a payment arrives.
 */
export async function addService(ctx: TenantContext, serviceId: string): Promise<void> {
  const [service] = await ctx.db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound("service.not_found");
  try {
    await ctx.db.insert(accountServices).values({ accountId: ctx.accountId, serviceId });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("service.already_added");
    throw error;
  }
  await chargeDue(ctx.db, new Date(), ctx.accountId);
}

/** Removes a service; a month already charged stays charged (it was used). */
export async function removeService(ctx: TenantContext, serviceId: string): Promise<void> {
  const removed = await ctx.db
    .delete(accountServices)
    .where(and(eq(accountServices.accountId, ctx.accountId), eq(accountServices.serviceId, serviceId)))
    .returning({ id: accountServices.serviceId });
  if (removed.length === 0) throw notFound("service.not_added");
}
