import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";

/**
 * Refreshes the planner's statistics of the submissions when the number it last saw is off by
 * more than a tenth (at least 1,000 rows) from the kept counts, or it never saw any. PGlite has no
 * autovacuum: without this a form of 20,000 answers is planned as if it had a handful. On
 * PostgreSQL autovacuum keeps them close, so this seldom runs there. Returns whether it ran.
 */
export async function refreshPlannerStatistics(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select c.reltuples::float8 as seen,
           (select coalesce(sum(k.total), 0)::float8 from form_answer_counts k) as kept
      from pg_class c where c.oid = 'form_answers'::regclass`);
  const [row] = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as {
    seen: number;
    kept: number;
  }[];
  if (!row) return false;
  const stale = row.seen < 0 ? row.kept > 0 : Math.abs(row.kept - row.seen) > Math.max(1000, row.kept * 0.1);
  if (!stale) return false;
  await db.execute(sql`analyze form_answers`);
  await db.execute(sql`analyze form_answer_counts`);
  return true;
}
