import type { TPerformingQuestion, TPerformingQuestions, TSubmitRate } from "@formloom/core/api/statistics";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { questionTitle } from "../exports/columns.ts";
import { type Range, type ReadableForm, submissionsOf } from "./scope.ts";

/** A share in percent with one decimal; null where there is nothing to divide by. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The form's fillings begun in the range (form_starts), over the alias `s`. */
export function startsOf(form: { accountId: number; formId: number }, range: Range) {
  return sql`s.account_id = ${form.accountId} and s.form_id = ${form.formId}${
    range.from ? sql` and s.created_at >= ${range.from.toISOString()}::timestamptz` : sql``
  }${range.to ? sql` and s.created_at < ${range.to.toISOString()}::timestamptz` : sql``}`;
}

/**
 * The form's views in the range, over the alias `v` of form_view_hours: the hours that begin in
 * it, exact for a range of the reader's days in any zone a whole number of hours from UTC.
 */
export function viewsOf(form: { accountId: number; formId: number }, range: Range) {
  return sql`v.account_id = ${form.accountId} and v.form_id = ${form.formId}${
    range.from ? sql` and v.hour >= ${range.from.toISOString()}::timestamptz` : sql``
  }${range.to ? sql` and v.hour < ${range.to.toISOString()}::timestamptz` : sql``}`;
}

/**
 * Views, starts and submissions of the form in the range. A submission whose page never reported
 * its start (sent without script) is a start too, so starts never fall below submissions begun
 * in the range. The submissions and the unreported ones are counted in one pass over the range.
 */
export async function submitRate(db: Db, form: ReadableForm, range: Range): Promise<TSubmitRate> {
  const [row] = rowsOf<{ views: number; starts: number; unreported: number; submissions: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(v.views), 0)::int from form_view_hours v where ${viewsOf(form, range)}) as views,
        (select count(*)::int from form_starts s where ${startsOf(form, range)}) as starts,
        sent.unreported, sent.submissions
        from (select count(*) filter (where s.visit_key is null)::int as unreported,
                     count(*)::int as submissions
                from form_answers a
                left join form_starts s
                  on s.account_id = a.account_id and s.form_id = a.form_id and s.visit_key = a.submission_key
               where ${submissionsOf(form, range)}) as sent`),
  );
  const views = row?.views ?? 0;
  const starts = (row?.starts ?? 0) + (row?.unreported ?? 0);
  const submissions = row?.submissions ?? 0;
  return {
    views,
    starts,
    submissions,
    startRate: rate(starts, views),
    submitRate: rate(submissions, views),
    completionRate: rate(submissions, starts),
  };
}

/** Per visible question: answers given and the seconds measured, over the submissions in the range. */
export async function answeredAndTimed(db: Db, form: ReadableForm, range: Range) {
  const visible = JSON.stringify(form.fields.map((f) => f.id));
  const rows = rowsOf<{ f: string; answered: number; timed: number; seconds: number }>(
    await db.execute(sql`
      select e->>'fieldId' as f,
             count(*) filter (where e->'answer' not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))::int as answered,
             count(*) filter (where jsonb_typeof(e->'answeringTime') = 'number')::int as timed,
             coalesce(sum((e->>'answeringTime')::float8) filter (where jsonb_typeof(e->'answeringTime') = 'number'), 0)::float8 as seconds
        from form_answers a
       cross join lateral jsonb_array_elements(a.answers) e
       where ${submissionsOf(form, range)}
         and jsonb_exists(${visible}::jsonb, e->>'fieldId')
       group by 1`),
  );
  return new Map(rows.map((row) => [row.f, row]));
}

export const averageOf = (seconds: number, timed: number) =>
  timed === 0 ? null : Math.round((Number(seconds) / timed) * 10) / 10;

type SortKey = "order" | "answered" | "answer_rate" | "skip_rate" | "average_time";

const SORT_VALUE: Record<SortKey, (q: TPerformingQuestion) => number | null> = {
  order: (q) => q.position,
  answered: (q) => q.answered,
  answer_rate: (q) => q.answerRate,
  skip_rate: (q) => q.skipRate,
  average_time: (q) => q.averageTime,
};

/**
 * Per visible question: the submissions in the range whose respondent was shown it. Those stored
 * before the shown questions were kept (shown is null) count as shown every question.
 */
async function shownCounts(db: Db, form: ReadableForm, range: Range) {
  const visible = JSON.stringify(form.fields.map((f) => f.id));
  const rows = rowsOf<{ f: string | null; c: number }>(
    await db.execute(sql`
      select null as f, count(*)::int as c
        from form_answers a
       where ${submissionsOf(form, range)} and a.shown is null
      union all
      select u.f, count(*)::int as c
        from form_answers a
       cross join lateral jsonb_array_elements_text(a.shown) as u(f)
       where ${submissionsOf(form, range)} and jsonb_typeof(a.shown) = 'array'
         and jsonb_exists(${visible}::jsonb, u.f)
       group by u.f`),
  );
  const always = rows.find((row) => row.f === null)?.c ?? 0;
  return (fieldId: string) => always + (rows.find((row) => row.f === fieldId)?.c ?? 0);
}

/**
 * How each visible question fares over the submissions in the range: shown, answered, skipped (shown
 * and left empty) and the time it held the focus; sorted as asked, questions without the figure
 * last, then by position.
 */
export async function performingQuestions(
  db: Db,
  form: ReadableForm,
  range: Range,
  sort: { by: SortKey; order: "asc" | "desc" },
): Promise<TPerformingQuestions> {
  const [figures, shownBy, totals] = await Promise.all([
    answeredAndTimed(db, form, range),
    shownCounts(db, form, range),
    db.execute(sql`select count(*)::int as c from form_answers a where ${submissionsOf(form, range)}`),
  ]);
  const total = rowsOf<{ c: number }>(totals)[0]?.c ?? 0;
  const questions = form.fields.map((field, index): TPerformingQuestion => {
    const figure = figures.get(field.id);
    const answered = figure?.answered ?? 0;
    // A reader of selected fields is not told how many were shown a question: a rule showing it
    // may read a field they may not (how many detractors a "why" was asked of).
    const shown = form.access.level === "fields" ? total : shownBy(field.id);
    const skipped = Math.max(shown - answered, 0);
    return {
      fieldId: field.id,
      fieldType: field.fieldType,
      title: questionTitle(field, true),
      position: index + 1,
      shown,
      answered,
      skipped,
      answerRate: rate(answered, shown),
      skipRate: rate(skipped, shown),
      averageTime: averageOf(figure?.seconds ?? 0, figure?.timed ?? 0),
      timed: figure?.timed ?? 0,
    };
  });
  const value = SORT_VALUE[sort.by];
  const direction = sort.order === "asc" ? 1 : -1;
  questions.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.position - b.position : x === null ? 1 : -1;
    return (x - y) * direction || a.position - b.position;
  });
  return { total, questions };
}
