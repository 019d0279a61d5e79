import type { TNpsResult } from "@formloom/core/api/statistics";
import type { TElement } from "@formloom/core/element-schema";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { badRequest } from "../../http/errors.ts";
import { questionTitle } from "../exports/columns.ts";
import { type Range, type ReadableForm, submissionsOf } from "./scope.ts";
import { npsOf } from "./summary.ts";

export function npsFields(form: ReadableForm): TElement[] {
  return form.fields.filter((field) => field.fieldType === "nps");
}

/** The NPS question asked for, or the form's first; a form without one the reader sees is a 400 (the no-data state). */
export function npsField(form: ReadableForm, id: string | undefined): TElement {
  const fields = npsFields(form);
  const field = id === undefined ? fields[0] : fields.find((f) => f.id === id);
  if (!field) throw badRequest("answer.unknown_field");
  return field;
}

const npsValue = sql`(e->'answer')::text::int`;

function answersOf(form: ReadableForm, field: TElement, range: Range) {
  return sql`from form_answers a cross join lateral jsonb_array_elements(a.answers) e
    where ${submissionsOf(form, range)} and e->>'fieldId' = ${field.id}
      and jsonb_typeof(e->'answer') = 'number'`;
}

/** The score and its groups over the range, the distribution of 0-10, and the same per period. */
export async function npsResult(
  db: Db,
  form: ReadableForm,
  field: TElement,
  range: Range,
  period: "day" | "week" | "month" | "year",
  zone: string,
): Promise<TNpsResult> {
  const rows = rowsOf<{ p: string; v: number; c: number }>(
    await db.execute(sql`
      select p::date::text as p, v, c from (
        select date_trunc(${period}, a.submit_time at time zone ${zone}) as p, ${npsValue} as v, count(*)::int as c
        ${answersOf(form, field, range)}
        group by 1, 2) s
       order by 1`),
  );
  const all = new Map<number, number>();
  const byPeriod = new Map<string, Map<number, number>>();
  for (const row of rows) {
    all.set(row.v, (all.get(row.v) ?? 0) + row.c);
    const counts = byPeriod.get(row.p) ?? new Map<number, number>();
    counts.set(row.v, row.c);
    byPeriod.set(row.p, counts);
  }
  return {
    fieldId: field.id,
    title: questionTitle(field, true),
    ...npsOf(all),
    distribution: Array.from({ length: 11 }, (_, value) => ({ value, count: all.get(value) ?? 0 })),
    periods: [...byPeriod].map(([period, counts]) => ({ period, ...npsOf(counts) })),
  };
}

const groupOf = (value: number) =>
  value >= 9 ? ("promoter" as const) : value >= 7 ? ("passive" as const) : ("detractor" as const);

/** The NPS answers one by one, newest first, a page at a time. */
export async function npsTimeline(
  db: Db,
  form: ReadableForm,
  field: TElement,
  range: Range,
  page: number,
  itemsPerPage: number,
) {
  const [items, [total]] = await Promise.all([
    db.execute(sql`
      select a.id, a.submit_time as t, ${npsValue} as v
      ${answersOf(form, field, range)}
      order by a.submit_time desc, a.id desc
      limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}`),
    db
      .execute(sql`select count(*)::int as c ${answersOf(form, field, range)}`)
      .then((r) => rowsOf<{ c: number }>(r)),
  ]);
  return {
    fieldId: field.id,
    total: total?.c ?? 0,
    page,
    itemsPerPage,
    items: rowsOf<{ id: number; t: Date | string; v: number }>(items).map((row) => ({
      answerId: row.id,
      submitTime: new Date(row.t).toISOString(),
      value: row.v,
      group: groupOf(row.v),
    })),
  };
}
