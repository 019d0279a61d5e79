import { behaviorAttributes, inSegment, type SegmentCondition } from "@formloom/core/behavior-attributes";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms, segmentJobs, segmentMembers, segments } from "../../db/schema.ts";
import { nextAttemptByBackoff } from "../../jobs/claim-due.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import { eventsByKey } from "../answers/behavior-patterns.ts";
import { readForm } from "../forms/presenter.ts";

/** Submissions measured between two progress updates. */
const BATCH = 200;
const MAX_ATTEMPTS = 3;
/**
 * How long a claimed job is its process's: renewed at every batch, so only a process that died (or
 * stalled this long) loses the job, which another then takes up again.
 */
const LEASE_SECONDS = 60;
const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

type Job = { account_id: number; id: number; attempts: number };

/**
 * Claims the next due job: a queued one, or a running one whose lease ran out because its process
 * died. The claim counts the attempt, which then fences the job: a stalled process that wakes up
 * after another took over finds its attempt gone and writes nothing.
 */
async function claimNext(db: Db): Promise<Job | undefined> {
  const claimed = (await db.execute(sql`
    update ${segmentJobs} set attempts = attempts + 1, next_attempt_at = ${lease}
    where (account_id, id) in (
      select account_id, id from ${segmentJobs}
      where state in ('queued', 'running') and next_attempt_at <= now()
      order by next_attempt_at limit 1 for update skip locked)
    returning account_id, id, attempts`)) as unknown as { rows: Job[] };
  return claimed.rows[0];
}

/** The job as this attempt holds it: a later claim moved the attempts on. */
const held = (job: Job) =>
  and(
    eq(segmentJobs.accountId, job.account_id),
    eq(segmentJobs.id, job.id),
    eq(segmentJobs.attempts, job.attempts),
  );

class LeaseLost extends Error {
  constructor(job: Job) {
    super(`segment job ${job.id} was taken up by another process`);
  }
}

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
  const started = await db
    .update(segmentJobs)
    .set({ state: "running", done: 0, total, nextAttemptAt: lease })
    .where(held(job))
    .returning({ id: segmentJobs.id });
  if (started.length === 0) throw new LeaseLost(job);

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
    const renewed = await db
      .update(segmentJobs)
      .set({ done: Math.min(done, total), nextAttemptAt: lease })
      .where(held(job))
      .returning({ id: segmentJobs.id });
    if (renewed.length === 0) throw new LeaseLost(job);
  }

  await db.transaction(async (tx) => {
    // The lease first, renewed only while this attempt still holds the job: one taken over after
    // its lease ran out is left to the process that took it, and the job's row stays locked until
    // the result is written, so no other process takes it over meanwhile (its claim skips locked
    // rows) to finish it a second time.
    const renewed = await tx
      .update(segmentJobs)
      .set({ nextAttemptAt: lease })
      .where(held(job))
      .returning({ id: segmentJobs.id });
    if (renewed.length === 0) throw new LeaseLost(job);
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
      const ids = found.slice(start, start + 1000).map((member) => member.answerId);
      // Only submissions still there, locked so none is deleted before the insert's key check: one
      // deleted meanwhile is skipped (its memberships went with it); one added is found next time.
      await tx.execute(sql`
        insert into ${segmentMembers} (account_id, segment_id, form_id, answer_id)
        select ${formAnswers.accountId}, ${row.segmentId}::int, ${formAnswers.formId}, ${formAnswers.id}
        from ${formAnswers}
        where ${formAnswers.accountId} = ${row.accountId}
          and ${inArray(formAnswers.formId, formIds)}
          and ${inArray(formAnswers.id, ids)}
        for key share
        on conflict do nothing`);
    }
    const finishedJob = await tx
      .update(segmentJobs)
      .set({ state: "done", done: sql`greatest(${segmentJobs.total}, ${done})`, finishedAt: new Date() })
      .where(held(job))
      .returning({ id: segmentJobs.id });
    // Held since the renewal above; checked again all the same.
    if (finishedJob.length === 0) throw new LeaseLost(job);
  });
}

/**
 * Runs the due recalculations, one at a time. A job that failed, or whose process died, three
 * times is marked failed; before that it is queued again with a backoff.
 */
export async function drainSegmentJobs(db: Db, log: FastifyBaseLogger): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimNext(db);
    if (!job) return ran;
    ran++;
    if (job.attempts > MAX_ATTEMPTS) {
      await db
        .update(segmentJobs)
        .set({ state: "failed", error: "the recalculation stopped three times", finishedAt: new Date() })
        .where(held(job));
      continue;
    }
    try {
      await recalculate(db, job);
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn({ job: job.id }, "segment recalculation taken over");
        continue;
      }
      log.error({ err: error, job: job.id }, "segment recalculation failed");
      const failed = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(segmentJobs)
        .set({
          state: failed ? "failed" : "queued",
          error: String(error).slice(0, 500),
          nextAttemptAt: nextAttemptByBackoff,
          ...(failed ? { finishedAt: new Date() } : {}),
        })
        .where(held(job));
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
