import {
  FILLING_TIME_EDGES,
  type SUBMISSION_DEVICES,
  type TSubmissionsCountries,
  type TSubmissionsDevices,
  type TSubmissionsTime,
} from "@formloom/core/api/submission-charts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { type Range, submissionsOf } from "./scope.ts";

type FormKey = { accountId: number; formId: number };

const tenth = (value: number) => Math.round(value * 10) / 10;

/** Most first; equal counts in a steady order, the unknown last. */
function byCount<T extends { count: number }>(items: T[], key: (item: T) => string | null): T[] {
  return items.sort((a, b) => b.count - a.count || (key(a) ?? "\uffff").localeCompare(key(b) ?? "\uffff"));
}

interface TimeRow {
  /** The day in the zone; null on the row of the whole range. */
  d: string | null;
  c: number;
  m: number | null;
  s: number | null;
  [bucket: `b${number}`]: number;
}

/**
 * How long the fillings took (form_passing_time: the page's start to the submit, in seconds), from
 * one pass over the range's timed submissions: the whole range's median, mean and buckets, and
 * each day's count and median.
 */
export async function submissionsTime(
  db: Db,
  form: FormKey,
  range: Range,
  zone: string,
): Promise<TSubmissionsTime> {
  const buckets = FILLING_TIME_EDGES.map((from, index) => {
    const to = FILLING_TIME_EDGES[index + 1];
    const below = to === undefined ? sql`` : sql` and p < ${to}`;
    return sql`count(*) filter (where p >= ${from}${below})::int as ${sql.raw(`b${index}`)}`;
  });
  const rows = rowsOf<TimeRow>(
    await db.execute(sql`
      select d::text as d, count(*)::int as c,
             percentile_cont(0.5) within group (order by p) as m,
             avg(p)::float8 as s,
             ${sql.join(buckets, sql`, `)}
        from (
          select (a.submit_time at time zone ${zone})::date as d, a.form_passing_time as p
            from form_answers a
           where ${submissionsOf(form, range)} and a.form_passing_time is not null) t
       group by grouping sets ((d), ())
       order by d nulls first`),
  );
  const whole = rows.find((row) => row.d === null);
  const count = whole?.c ?? 0;
  return {
    count,
    medianSeconds: count > 0 && whole?.m != null ? tenth(Number(whole.m)) : null,
    averageSeconds: count > 0 && whole?.s != null ? tenth(Number(whole.s)) : null,
    distribution: FILLING_TIME_EDGES.map((fromSeconds, index) => ({
      fromSeconds,
      toSeconds: FILLING_TIME_EDGES[index + 1] ?? null,
      count: whole?.[`b${index}`] ?? 0,
    })),
    byDay: rows
      .filter((row): row is TimeRow & { d: string } => row.d !== null && row.c > 0)
      .map((row) => ({ date: row.d, count: row.c, medianSeconds: tenth(Number(row.m)) })),
  };
}

type Device = (typeof SUBMISSION_DEVICES)[number];

/**
 * Submissions per kind of device, as stored with each (form_answers.device.type, read from the
 * browser's User-Agent by answers/device.ts): desktop, mobile and tablet; any other kind the
 * parser names (a console, a TV, a watch) and the ones without a User-Agent count as unknown.
 */
export async function submissionsDevices(db: Db, form: FormKey, range: Range): Promise<TSubmissionsDevices> {
  const rows = rowsOf<{ k: string | null; c: number }>(
    await db.execute(sql`
      select a.device->>'type' as k, count(*)::int as c
        from form_answers a where ${submissionsOf(form, range)}
       group by 1`),
  );
  const counts = new Map<Device, number>();
  for (const row of rows) {
    const device: Device =
      row.k === "desktop" || row.k === "mobile" || row.k === "tablet" ? row.k : "unknown";
    counts.set(device, (counts.get(device) ?? 0) + row.c);
  }
  const items = [...counts].map(([device, count]) => ({ device, count }));
  return {
    total: items.reduce((sum, item) => sum + item.count, 0),
    items: byCount(items, (item) => (item.device === "unknown" ? null : item.device)),
  };
}

/**
 * Submissions per country of the submitter's address (form_answers.geo.country, from the shipped
 * GeoIP database by answers/geo.ts); private and unplaced addresses gather under null.
 */
export async function submissionsCountries(
  db: Db,
  form: FormKey,
  range: Range,
): Promise<TSubmissionsCountries> {
  const rows = rowsOf<{ k: string | null; c: number }>(
    await db.execute(sql`
      select a.geo->>'country' as k, count(*)::int as c
        from form_answers a where ${submissionsOf(form, range)}
       group by 1`),
  );
  const counts = new Map<string | null, number>();
  for (const row of rows) {
    const code = typeof row.k === "string" && /^[A-Za-z]{2}$/.test(row.k) ? row.k.toUpperCase() : null;
    counts.set(code, (counts.get(code) ?? 0) + row.c);
  }
  const items = [...counts].map(([country, count]) => ({ country, count }));
  return {
    total: items.reduce((sum, item) => sum + item.count, 0),
    items: byCount(items, (item) => item.country),
  };
}
