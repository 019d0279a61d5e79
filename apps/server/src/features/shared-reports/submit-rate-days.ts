import type { TSubmitRateDays } from "@formloom/core/api/shared-reports";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { wallClock } from "../../zone-clock.ts";
import { rate, viewsOf } from "../statistics/funnel.ts";
import { type Range, submissionsOf } from "../statistics/scope.ts";

const MAX_DAYS = 3700;

/**
 * The submit rate day by day, on the reader's days in their zone: each day's views (kept per hour)
 * and submissions from its midnight to the next, within the range, and the rate of the two. Days
 * from the range's first to its last, or without a range from the first counted to the last, none
 * left out.
 */
export async function submitRateDays(
  db: Db,
  form: { accountId: number; formId: number },
  range: Range,
  zone: string,
): Promise<TSubmitRateDays> {
  const dateOf = (instant: Date) => wallClock(zone)(instant).toISOString().slice(0, 10);
  const counted = range.from && range.to ? null : await countedDays(db, form, range, zone);
  const first = range.from ? dateOf(range.from) : counted?.first;
  const last = range.to ? dateOf(new Date(range.to.getTime() - 1)) : counted?.last;
  if (!first || !last) return { days: [] };
  const rows = rowsOf<{ d: string; views: number; submissions: number }>(
    await db.execute(perDay(form, range, zone, first, last)),
  );
  return {
    days: rows.map((row) => ({
      date: row.d,
      views: row.views,
      submissions: row.submissions,
      submitRate: rate(row.submissions, row.views),
    })),
  };
}

/** The reader's dates of the first and the last view or submission in the range. */
async function countedDays(
  db: Db,
  form: { accountId: number; formId: number },
  range: Range,
  zone: string,
): Promise<{ first: string | null; last: string | null }> {
  const [row] = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`
      select (least(v.first, a.first) at time zone ${zone})::date::text as first,
             (greatest(v.last, a.last) at time zone ${zone})::date::text as last
        from (select min(v.hour) as first, max(v.hour) as last from form_view_hours v
               where ${viewsOf(form, range)}) as v,
             (select min(a.submit_time) as first, max(a.submit_time) as last from form_answers a
               where ${submissionsOf(form, range)}) as a`),
  );
  return row ?? { first: null, last: null };
}

/**
 * Each day's submissions counted on the submit-time index from the day's start to its end (within
 * the range), beside its views. A count per day reads only the index's entries, where grouping the
 * range's rows by their day reads and converts each (four times slower on a month of a
 * million-submission form). The days are numbered from the first: a series of dates is planned as
 * a thousand rows whatever its ends, which priced a month's counts past the JIT threshold (40 ms
 * of compiling for a 50 ms query), while a series of integers is planned as exactly as many rows
 * as it has. A day starts at its midnight in the zone, which the database finds, clock changes
 * included.
 */
function perDay(
  form: { accountId: number; formId: number },
  range: Range,
  zone: string,
  firstDay: string,
  lastDay: string,
) {
  const days = Math.max(1, Math.min(MAX_DAYS, (Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000 + 1));
  const from = range.from?.toISOString() ?? null;
  const to = range.to?.toISOString() ?? null;
  return sql`
    select g.d::text as d,
           (select coalesce(sum(v.views), 0)::int from form_view_hours v
             where v.account_id = ${form.accountId} and v.form_id = ${form.formId}
               and v.hour >= greatest(g.s, ${from}::timestamptz)
               and v.hour < least(g.e, ${to}::timestamptz)) as views,
           (select count(*)::int from form_answers a
             where a.account_id = ${form.accountId} and a.form_id = ${form.formId}
               and a.submit_time >= greatest(g.s, ${from}::timestamptz)
               and a.submit_time < least(g.e, ${to}::timestamptz)) as submissions
      from (select d, d::timestamp at time zone ${zone} as s, (d + 1)::timestamp at time zone ${zone} as e
              from (select ${firstDay}::date + i as d from generate_series(0, ${days - 1}::int) as i) as n) as g
     order by g.d`;
}
