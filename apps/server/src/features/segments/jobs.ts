import { behaviorAttributes, inSegment, type SegmentCondition } from "@formloom/core/behavior-attributes";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms, segmentJobs, segmentMembers, segments } from "../../db/schema.ts";
import { claimDue } from "../../jobs/claim-due.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import { eventsByKey } from "../answers/behavior-patterns.ts";
import { readForm } from "../forms/presenter.ts";

/** Submissions measured between two progress updates. */
const BATCH = 200;
const MAX_ATTEMPTS = 3;

type Job = { account_id: number; id: number; attempts: number };

/**
 * Measures every submission of the job's forms with core's formulas (all their events: membership
 * is a fact about the submission, whoever reads it later) and replaces the segment's members of
 * those forms with the ones found, counting progress as it goes.
 */
async function recalculate(db: Db, job: Job): Promise<void> {
  const [row] = await db
    .select()
    .from(segmentJobs)
    .where(and(eq(segmentJobs.accountId, job.account_id), eq(segmentJobs.id, job.id)));
  if (!row) return;
  const [segment] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.accountId, row.accountId), eq(segments.id, row.segmentId)));
  if (!segment) return;
  const conditions = segment.conditions as SegmentCondition[];
  const formIds = row.formIds as number[];
  const ofForms = and(eq(formAnswers.accountId, row.accountId), inArray(formAnswers.formId, formIds));
  const [counted] = await db.select({ total: count() }).from(formAnswers).where(ofForms);
  const total = counted?.total ?? 0;
  await db
    .update(segmentJobs)
    .set({ state: "running", done: 0, total })
    .where(and(eq(segmentJobs.accountId, row.accountId), eq(segmentJobs.id, row.id)));

  const formRows = await db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, row.accountId), inArray(forms.id, formIds)));
  const fieldsOf = new Map(formRows.map((form) => [form.id, readForm(form).fields]));
  const found: Array<{ formId: number; answerId: number }> = [];
  let after = 0;
  let done = 0;
  for (;;) {
    const answers = await db
      .select({ id: formAnswers.id, formId: formAnswers.formId, key: formAnswers.submissionKey })
      .from(formAnswers)
      .where(and(ofForms, gt(formAnswers.id, after)))
      .orderBy(asc(formAnswers.id))
      .limit(BATCH);
    if (answers.length === 0) break;
    for (const formId of new Set(answers.map((answer) => answer.formId))) {
      const ofForm = answers.filter((answer) => answer.formId === formId);
      const events = await eventsByKey(
        db,
        { accountId: row.accountId, formId },
        ofForm.map((answer) => answer.key),
      );
      for (const answer of ofForm) {
        const attributes = behaviorAttributes(events.get(answer.key) ?? [], fieldsOf.get(formId) ?? []);
        if (inSegment(attributes, conditions)) found.push({ formId, answerId: answer.id });
      }
    }
    after = answers.at(-1)?.id ?? after;
    done += answers.length;
    await db
      .update(segmentJobs)
      .set({ done: Math.min(done, total) })
      .where(and(eq(segmentJobs.accountId, row.accountId), eq(segmentJobs.id, row.id)));
  }

  await db.transaction(async (tx) => {
    await tx
      .delete(segmentMembers)
      .where(
        and(
          eq(segmentMembers.accountId, row.accountId),
          eq(segmentMembers.segmentId, row.segmentId),
          inArray(segmentMembers.formId, formIds),
        ),
      );
    for (let start = 0; start < found.length; start += 1000) {
      await tx
        .insert(segmentMembers)
        .values(
          found
            .slice(start, start + 1000)
            .map((member) => ({ accountId: row.accountId, segmentId: row.segmentId, ...member })),
        )
        // A submission deleted meanwhile takes its membership with it; one added is found next time.
        .onConflictDoNothing();
    }
    await tx
      .update(segmentJobs)
      .set({ state: "done", done: sql`greatest(${segmentJobs.total}, ${done})`, finishedAt: new Date() })
      .where(and(eq(segmentJobs.accountId, row.accountId), eq(segmentJobs.id, row.id)));
  });
}

/** Runs the due recalculations, one at a time; a job that failed three times is marked failed. */
export async function drainSegmentJobs(db: Db, log: FastifyBaseLogger): Promise<number> {
  let ran = 0;
  for (;;) {
    const [job] = await claimDue<Job>(db, segmentJobs, sql`account_id, id, attempts`, 1);
    if (!job) return ran;
    ran++;
    try {
      await recalculate(db, job);
    } catch (error) {
      log.error({ err: error, job: job.id }, "segment recalculation failed");
      const failed = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(segmentJobs)
        .set({ state: failed ? "failed" : "queued", error: String(error).slice(0, 500) })
        .where(and(eq(segmentJobs.accountId, job.account_id), eq(segmentJobs.id, job.id)));
    }
  }
}

export function startSegmentWorker(db: Db, log: FastifyBaseLogger, intervalMs: number): PeriodicWorker {
  return periodicWorker(() => drainSegmentJobs(db, log), {
    intervalMs,
    log,
    failure: "segment jobs failed",
  });
}
