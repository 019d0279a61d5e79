import { and, isNotNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect.ts";
import {
  emailConfirmations,
  loginFailures,
  mailOutbox,
  passwordResets,
  refreshTokens,
  signInCounters,
} from "../db/schema.ts";
import { removeExpiredRecordings } from "../features/account/recordings-retention.ts";
import { forgetExpiredSolutions } from "../features/answers/captcha.ts";
import { forgetUnsentCaptures, forgetUnwrittenCaptures } from "../features/answers/captures.ts";
import { forgetUnsentRecognitions } from "../features/answers/recognition.ts";
import { forgetUnsentRecordings } from "../features/answers/session-recordings.ts";
import { removeUnusedPictures } from "../features/brand-kit/unused-pictures.ts";
import { removeExpiredExports } from "../features/exports/jobs.ts";
import { removeOrphanFiles } from "../features/files/uploads.ts";
import { removeUnsentAttachments } from "../features/support/limits.ts";
import { forgetOldCounts } from "../http/rate-limits.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { refreshPlannerStatistics } from "./planner-statistics.ts";

const HOUR_MS = 60 * 60 * 1000;
const dayAgo = sql`now() - interval '1 day'`;

/**
 * Deletes what no longer means anything: counted failures and request marks older than a day
 * (every window that reads them is shorter), refresh tokens and one-time codes a day past their
 * expiry, and sent mail after 30 days. Safe to run from several processes at once.
 */
export async function cleanUp(db: Db, storage?: FileStorage): Promise<number> {
  const results = await Promise.all([
    db.delete(loginFailures).where(lt(loginFailures.createdAt, dayAgo)).returning({ id: loginFailures.id }),
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo)).returning({ id: refreshTokens.id }),
    db
      .delete(signInCounters)
      .where(and(lt(signInCounters.windowStart, dayAgo), lt(signInCounters.notBefore, dayAgo)))
      .returning({ id: signInCounters.key }),
    db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, dayAgo))
      .returning({ id: passwordResets.id }),
    db
      .delete(emailConfirmations)
      .where(lt(emailConfirmations.expiresAt, dayAgo))
      .returning({ id: emailConfirmations.id }),
    db
      .delete(mailOutbox)
      .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, sql`now() - interval '30 days'`)))
      .returning({ id: mailOutbox.id }),
  ]);
  // Uploads no submission took within a day, and files whose submission or form is gone.
  const files = storage ? await removeOrphanFiles(db, storage) : 0;
  // Files uploaded for a support message that was never sent within a day.
  const attachments = storage ? await removeUnsentAttachments(db, storage) : 0;
  // Video and audio captures of fillings never sent within a day, and of forms that are gone.
  const captures = storage ? await forgetUnsentCaptures(db, storage) : 0;
  // Capture bytes whose row never came (the process stopped between the two), after an hour.
  const unwritten = storage ? await forgetUnwrittenCaptures(db, storage) : 0;
  // Brand pictures never saved within a day, or named nowhere for a month, in every account.
  const pictures = storage ? await removeUnusedPictures(db, storage) : 0;
  // Exported files past their two days, with their jobs.
  if (storage) await removeExpiredExports(db, storage);
  const solutions = await forgetExpiredSolutions(db);
  // Public calls' counters, and the behaviour of fillings that were never sent within two days.
  const counts = await forgetOldCounts(db);
  const fillings = await db.execute(sql`
    delete from behavior_logs l
     where l.created_at < now() - interval '2 days'
       and not exists (select 1 from form_answers a where a.account_id = l.account_id
                         and a.form_id = l.form_id and a.submission_key = l.submission_key)
     returning 1`);
  const unsent = (fillings as { rows?: unknown[] }).rows?.length ?? 0;
  // The session recordings of the same fillings.
  const recordings = await forgetUnsentRecordings(db);
  // And what their pages recognised on the camera.
  const recognitions = await forgetUnsentRecognitions(db);
  let expired: Awaited<ReturnType<typeof removeExpiredRecordings>>;
  try {
    // What was recorded of respondents longer ago than their account keeps it. It throws, once
    // every other account is swept, when an account's sweep failed.
    expired = await removeExpiredRecordings(db, storage);
  } finally {
    // After bulk changes (imports, deletions, a burst of submissions) the planner sees them again.
    await refreshPlannerStatistics(db);
  }
  return results.reduce(
    (sum, rows) => sum + rows.length,
    files +
      attachments +
      captures +
      unwritten +
      pictures +
      solutions +
      counts +
      unsent +
      recordings +
      recognitions +
      expired.removed,
  );
}

/** Runs the clean-up soon after start and then every hour. */
export function startHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = HOUR_MS,
  storage?: FileStorage,
): { stop(): void } {
  const run = () =>
    cleanUp(db, storage)
      .then((removed) => removed > 0 && log.info({ removed }, "housekeeping removed stale rows"))
      .catch((error: unknown) => log.error({ err: error }, "housekeeping failed"));
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
