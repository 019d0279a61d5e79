import type { TFieldsAnalysis } from "@formloom/core/api/statistics";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { questionTitle } from "../exports/columns.ts";
import { answeredAndTimed, averageOf, startsOf } from "./funnel.ts";
import { type Range, type ReadableForm, submissionsOf } from "./scope.ts";

/** The form's behaviour batches sent in the range, over the alias `l`. */
function logsOf(form: { accountId: number; formId: number }, range: Range) {
  return sql`l.account_id = ${form.accountId} and l.form_id = ${form.formId}${
    range.from ? sql` and l.created_at >= ${range.from.toISOString()}::timestamptz` : sql``
  }${range.to ? sql` and l.created_at < ${range.to.toISOString()}::timestamptz` : sql``}`;
}

/**
 * The form's partial responses last saved in the range, over the alias `p`: the author's own
 * (`listed`), not the pages a form filled without JavaScript keeps until it is sent.
 */
function partialsOf(form: { accountId: number; formId: number }, range: Range) {
  return sql`p.account_id = ${form.accountId} and p.form_id = ${form.formId} and p.listed${
    range.from ? sql` and p.updated_at >= ${range.from.toISOString()}::timestamptz` : sql``
  }${range.to ? sql` and p.updated_at < ${range.to.toISOString()}::timestamptz` : sql``}`;
}

/** The recorded events that mean a person worked on a question. */
const TOUCHES = sql.raw("('focus', 'input', 'click')");

interface Row {
  kind: "fillings" | "unfinished" | "reached" | "stopped";
  f: string | null;
  c: number;
}

/**
 * Drop-off per question. A filling is named by its key: reported begun, with a question touched
 * in its recorded behaviour, or submitted; a visit that touched nothing is no filling. A question is reached by a filling that touched it (focus, typing or a click
 * recorded on it) or answered it; an unfinished filling (never submitted) stopped at the question
 * it touched last. A partial response the server kept is a filling too: its answers reached their
 * questions, and without recorded behaviour it stopped at the question its page began with.
 */
export async function fieldsAnalysis(db: Db, form: ReadableForm, range: Range): Promise<TFieldsAnalysis> {
  const visible = JSON.stringify(form.fields.map((f) => f.id));
  const unsent = (key: ReturnType<typeof sql>) => sql`not exists (select 1 from form_answers a
    where a.account_id = ${form.accountId} and a.form_id = ${form.formId} and a.submission_key = ${key})`;
  const [rows, figures] = await Promise.all([
    db.execute(sql`
      with keys as (
        select s.visit_key as k from form_starts s where ${startsOf(form, range)}
        union
        select l.submission_key from behavior_logs l
         where ${logsOf(form, range)}
           and exists (select 1 from jsonb_array_elements(l.events) e
                        where e->>'type' in ${TOUCHES} and e->>'field' is not null)
        union
        select a.submission_key from form_answers a where ${submissionsOf(form, range)}
        union
        select p.submission_key from form_partials p where ${partialsOf(form, range)}
      ),
      partial_answered as (
        select p.submission_key as k, e->>'fieldId' as f
          from form_partials p
         cross join lateral jsonb_array_elements(p.answers) e
         where ${partialsOf(form, range)}
           and jsonb_exists(${visible}::jsonb, e->>'fieldId')
      ),
      touches as (
        select l.submission_key as k, e->>'field' as f, l.seq, x.i
          from behavior_logs l
         cross join lateral jsonb_array_elements(l.events) with ordinality as x(e, i)
         where ${logsOf(form, range)}
           and e->>'type' in ${TOUCHES}
           and jsonb_exists(${visible}::jsonb, e->>'field')
      ),
      answered as (
        select a.submission_key as k, e->>'fieldId' as f
          from form_answers a
         cross join lateral jsonb_array_elements(a.answers) e
         where ${submissionsOf(form, range)}
           and jsonb_exists(${visible}::jsonb, e->>'fieldId')
           and e->'answer' not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
      )
      select 'fillings' as kind, null as f, count(*)::int as c from keys
      union all
      select 'unfinished', null, count(*)::int from keys where ${unsent(sql`keys.k`)}
      union all
      select 'reached', f, count(distinct k)::int
        from (select k, f from touches union select k, f from answered
              union select k, f from partial_answered) r group by f
      union all
      select 'stopped', f, count(*)::int
        from (select * from (select distinct on (t.k) t.k, t.f from touches t
                              where ${unsent(sql`t.k`)}
                              order by t.k, t.seq desc, t.i desc) touched
              union all
              select p.submission_key, p.stopped_at from form_partials p
               where ${partialsOf(form, range)} and p.stopped_at is not null
                 and jsonb_exists(${visible}::jsonb, p.stopped_at)
                 and not exists (select 1 from touches t where t.k = p.submission_key)) last
       group by f`),
    answeredAndTimed(db, form, range),
  ]);
  const counts = rowsOf<Row>(rows);
  const total = (kind: Row["kind"]) => counts.find((row) => row.kind === kind)?.c ?? 0;
  const per = (kind: Row["kind"]) =>
    new Map(counts.filter((row) => row.kind === kind).map((row) => [row.f ?? "", row.c]));
  const reached = per("reached");
  const stopped = per("stopped");
  const fillings = total("fillings");
  const unfinished = total("unfinished");
  const stoppedAtQuestions = [...stopped.values()].reduce((sum, c) => sum + c, 0);
  return {
    fillings,
    submitted: fillings - unfinished,
    unfinished,
    stoppedBeforeAnyQuestion: unfinished - stoppedAtQuestions,
    fields: form.fields.map((field, index) => {
      const figure = figures.get(field.id);
      return {
        fieldId: field.id,
        title: questionTitle(field, true),
        position: index + 1,
        reached: reached.get(field.id) ?? 0,
        answered: figure?.answered ?? 0,
        stoppedHere: stopped.get(field.id) ?? 0,
        averageTime: averageOf(figure?.seconds ?? 0, figure?.timed ?? 0),
      };
    }),
  };
}
