import type { TSegmentInput } from "@formloom/core/api/segments";
import type { SegmentCondition } from "@formloom/core/behavior-attributes";
import { behaviorAttributes } from "@formloom/core/behavior-attributes";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { formAnswers, forms, segmentJobs, segmentMembers, segments } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { answerAccessByForm, readsEveryAnswer } from "../../http/policy.ts";
import { countRequest } from "../../http/rate-limits.ts";
import { eventsByKey } from "../answers/behavior-patterns.ts";
import { readableForm } from "../statistics/scope.ts";

type SegmentRow = typeof segments.$inferSelect;

/** Recalculations one account may queue in a window: each reads every submission of its forms. */
export const RECALCULATION_LIMITS = { windowSeconds: 600, perAccount: 20 } as const;

function present(row: SegmentRow, members: number) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    attributes: row.conditions as SegmentCondition[],
    createdAt: row.createdAt.toISOString(),
    members,
  };
}

/** Each segment's submissions in the forms whose answers the caller may read. */
async function memberCounts(ctx: TenantContext): Promise<Map<number, number>> {
  let readable: number[] | "all" = "all";
  if (!readsEveryAnswer(ctx)) {
    const accountForms = await ctx.db
      .select({ id: forms.id, creatorId: forms.creatorId })
      .from(forms)
      .where(eq(forms.accountId, ctx.accountId));
    readable = [...(await answerAccessByForm(ctx, accountForms))]
      .filter(([, access]) => access.level !== "none")
      .map(([formId]) => formId);
    if (readable.length === 0) return new Map();
  }
  const rows = await ctx.db
    .select({ segmentId: segmentMembers.segmentId, members: count() })
    .from(segmentMembers)
    .where(
      and(
        eq(segmentMembers.accountId, ctx.accountId),
        readable === "all" ? undefined : inArray(segmentMembers.formId, readable),
      ),
    )
    .groupBy(segmentMembers.segmentId);
  return new Map(rows.map((row) => [row.segmentId, row.members]));
}

/** The segment of the caller's account, or 404: another account's is as unknown as a missing one. */
export async function segmentRow(ctx: TenantContext, id: number): Promise<SegmentRow> {
  const [row] = await ctx.db
    .select()
    .from(segments)
    .where(and(eq(segments.accountId, ctx.accountId), eq(segments.id, id)));
  if (!row) throw notFound("segment.not_found");
  return row;
}

export async function listSegments(ctx: TenantContext) {
  const rows = await ctx.db
    .select()
    .from(segments)
    .where(eq(segments.accountId, ctx.accountId))
    .orderBy(desc(segments.createdAt), desc(segments.id));
  const counts = await memberCounts(ctx);
  return { segments: rows.map((row) => present(row, counts.get(row.id) ?? 0)) };
}

export async function getSegment(ctx: TenantContext, id: number) {
  const row = await segmentRow(ctx, id);
  return present(row, (await memberCounts(ctx)).get(row.id) ?? 0);
}

export async function createSegment(ctx: TenantContext, input: TSegmentInput) {
  const [row] = await ctx.db
    .insert(segments)
    .values({
      accountId: ctx.accountId,
      name: input.name,
      description: input.description,
      color: input.color,
      conditions: input.attributes,
    })
    .returning();
  if (!row) throw new Error("segment not stored");
  return present(row, 0);
}

/**
 * Changes a segment; the submissions found in it stay until the next recalculation, which the
 * page offers right after saving.
 */
export async function updateSegment(ctx: TenantContext, id: number, input: TSegmentInput) {
  await segmentRow(ctx, id);
  const [row] = await ctx.db
    .update(segments)
    .set({
      name: input.name,
      description: input.description,
      color: input.color,
      conditions: input.attributes,
    })
    .where(and(eq(segments.accountId, ctx.accountId), eq(segments.id, id)))
    .returning();
  if (!row) throw notFound("segment.not_found");
  return getSegment(ctx, row.id);
}

export async function deleteSegment(ctx: TenantContext, id: number): Promise<void> {
  await segmentRow(ctx, id);
  await ctx.db.delete(segments).where(and(eq(segments.accountId, ctx.accountId), eq(segments.id, id)));
}

/**
 * Queues the recalculation of a segment over these forms, each of which the caller must be able
 * to read (else 404, and nothing is queued).
 */
export async function queueRecalculation(ctx: TenantContext, segmentId: number, formIds: number[]) {
  await countRequest(
    ctx.db,
    [
      {
        key: `segment-recalculation:account:${ctx.accountId}`,
        max: RECALCULATION_LIMITS.perAccount,
        windowSeconds: RECALCULATION_LIMITS.windowSeconds,
      },
    ],
    "segment.recalculation.rate_limited",
  );
  await segmentRow(ctx, segmentId);
  const unique = [...new Set(formIds)];
  for (const formId of unique) await readableForm(ctx, formId);
  const [job] = await ctx.db
    .insert(segmentJobs)
    .values({ accountId: ctx.accountId, segmentId, formIds: unique })
    .returning();
  if (!job) throw new Error("job not stored");
  return presentJob(job);
}

export function presentJob(job: typeof segmentJobs.$inferSelect) {
  return {
    id: job.id,
    segmentId: job.segmentId,
    state: job.state as "queued" | "running" | "done" | "failed",
    done: job.done,
    total: job.total,
  };
}

export async function getJob(ctx: TenantContext, jobId: number) {
  const [job] = await ctx.db
    .select()
    .from(segmentJobs)
    .where(and(eq(segmentJobs.accountId, ctx.accountId), eq(segmentJobs.id, jobId)));
  if (!job) throw notFound("segment.job.not_found");
  return presentJob(job);
}

/** One form's submissions found in the segment, newest first, with their attributes as the reader may see them. */
export async function segmentMembersOf(ctx: TenantContext, segmentId: number, formId: number) {
  await segmentRow(ctx, segmentId);
  const form = await readableForm(ctx, formId);
  const rows = await ctx.db
    .select({
      id: formAnswers.id,
      number: formAnswers.number,
      submitTime: formAnswers.submitTime,
      key: formAnswers.submissionKey,
    })
    .from(segmentMembers)
    .innerJoin(
      formAnswers,
      and(eq(formAnswers.accountId, segmentMembers.accountId), eq(formAnswers.id, segmentMembers.answerId)),
    )
    .where(
      and(
        eq(segmentMembers.accountId, ctx.accountId),
        eq(segmentMembers.segmentId, segmentId),
        eq(segmentMembers.formId, formId),
      ),
    )
    .orderBy(desc(formAnswers.submitTime), asc(formAnswers.id))
    .limit(500);
  const events = await eventsByKey(
    ctx.db,
    form,
    rows.map((row) => row.key),
    form.access,
  );
  return {
    members: rows.map((row) => ({
      answerId: row.id,
      number: row.number,
      submitTime: row.submitTime.toISOString(),
      attributes: behaviorAttributes(events.get(row.key) ?? [], form.fields),
    })),
  };
}
