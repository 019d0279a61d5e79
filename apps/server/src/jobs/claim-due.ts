import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/connect.ts";

/** When a row claimed now is next tried: 30 s × 2^(its attempts so far), ±25 % jitter. */
export const nextAttemptByBackoff = sql`now() + make_interval(secs => 30 * power(2, attempts) * (0.75 + random() * 0.5))`;

/**
 * Claims up to `batch` due rows of a queue with retries (db/schema/columns.ts retriedJob, keyed by
 * account and id) and answers `returning` of each. Rows are taken with FOR UPDATE SKIP LOCKED, so
 * several processes share the queue; claiming counts the attempt and already moves the next one on
 * by the backoff, so a process that dies mid-job leaves the row to be tried again.
 */
export async function claimDue<Row>(db: Db, table: PgTable, returning: SQL, batch = 10): Promise<Row[]> {
  const claimed = (await db.execute(sql`
    update ${table} set attempts = attempts + 1, next_attempt_at = ${nextAttemptByBackoff}
    where (account_id, id) in (
      select account_id, id from ${table}
      where state = 'queued' and next_attempt_at <= now()
      order by next_attempt_at limit ${batch} for update skip locked)
    returning ${returning}`)) as unknown as { rows: Row[] };
  return claimed.rows;
}
