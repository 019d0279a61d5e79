import type { TArea, TAreaInput } from "@formloom/core/api/interviewer-maps";
import type { PolygonColor } from "@formloom/core/interviewer-areas";
import { and, asc, eq, sql } from "drizzle-orm";
import { interviewerAreas } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { loadEditableInterviewer } from "./authorization.ts";

type AreaRow = typeof interviewerAreas.$inferSelect;

const present = (row: AreaRow): TArea => ({
  id: row.id,
  interviewerId: row.userId,
  name: row.name,
  color: row.color as PolygonColor,
  points: row.points as TArea["points"],
  updatedAt: row.updatedAt.toISOString(),
});

/** The areas of one interviewer of the caller's account, oldest first. */
export async function areasOf(ctx: TenantContext, interviewerId: number): Promise<TArea[]> {
  const rows = await ctx.db
    .select()
    .from(interviewerAreas)
    .where(and(eq(interviewerAreas.accountId, ctx.accountId), eq(interviewerAreas.userId, interviewerId)))
    .orderBy(asc(interviewerAreas.id));
  return rows.map(present);
}

const stored = (input: TAreaInput) => ({
  name: input.name,
  color: input.color,
  // Only the corners' numbers are kept, whatever else a client sent along.
  points: input.points.map((point) => ({ lat: point.lat, lng: point.lng })),
});

export async function createArea(ctx: TenantContext, interviewerId: number, input: TAreaInput) {
  await loadEditableInterviewer(ctx, interviewerId);
  const [row] = await ctx.db
    .insert(interviewerAreas)
    .values({ accountId: ctx.accountId, userId: interviewerId, ...stored(input) })
    .returning();
  return present(row!);
}

export async function updateArea(ctx: TenantContext, areaId: number, input: TAreaInput) {
  const [row] = await ctx.db
    .update(interviewerAreas)
    .set({ ...stored(input), updatedAt: sql`now()` })
    .where(and(eq(interviewerAreas.accountId, ctx.accountId), eq(interviewerAreas.id, areaId)))
    .returning();
  if (!row) throw notFound("area.not_found");
  return present(row);
}

export async function deleteArea(ctx: TenantContext, areaId: number) {
  const [row] = await ctx.db
    .delete(interviewerAreas)
    .where(and(eq(interviewerAreas.accountId, ctx.accountId), eq(interviewerAreas.id, areaId)))
    .returning({ id: interviewerAreas.id });
  if (!row) throw notFound("area.not_found");
}
