import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { forms } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { answerAccessByForm } from "../../http/policy.ts";
import { type Range, submissionsOf } from "./scope.ts";

/** Longest run of days filled with zeros between the first and the last day counted. */
const MAX_FILLED_DAYS = 3700;

/** The day in the zone; formatted only after grouping, which keeps the per-row work small. */
const dayOf = (zone: string) => sql`(a.submit_time at time zone ${zone})::date`;

/** Every day from the first to the last, those without submissions at zero. */
function filled(
  counts: Map<string, number>,
  first?: string,
  last?: string,
): { date: string; count: number }[] {
  const keys = [...counts.keys()].sort();
  const start = first ?? keys[0];
  const end = last ?? keys[keys.length - 1];
  if (!start || !end) return [];
  const days: { date: string; count: number }[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    if (days.length >= MAX_FILLED_DAYS) break;
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

/** Submissions per day of one form, in the zone. */
export async function dailySubmissions(
  db: Db,
  form: { accountId: number; formId: number },
  range: Range,
  zone: string,
  bounds: { from?: string; to?: string },
) {
  const rows = rowsOf<{ d: string; c: number }>(
    await db.execute(sql`
      select d::text as d, c from (
        select ${dayOf(zone)} as d, count(*)::int as c
          from form_answers a where ${submissionsOf(form, range)}
         group by 1) s
       order by 1`),
  );
  const counts = new Map(rows.map((row) => [row.d, row.c]));
  const day = (value?: string) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  return {
    total: rows.reduce((sum, row) => sum + row.c, 0),
    days: filled(counts, day(bounds.from) ?? undefined, day(bounds.to) ?? undefined),
  };
}

/** Per day, the account's submissions in the forms the caller may read, with each form's share. */
export async function groupedDates(ctx: TenantContext, range: Range, zone: string) {
  const accountForms = await ctx.db
    .select({ id: forms.id, title: forms.title, creatorId: forms.creatorId })
    .from(forms)
    .where(eq(forms.accountId, ctx.accountId));
  const access = await answerAccessByForm(ctx, accountForms);
  const readable = accountForms.filter((form) => (access.get(form.id)?.level ?? "none") !== "none");
  if (readable.length === 0) return { days: [] };
  const titles = new Map(readable.map((form) => [form.id, form.title]));
  const rows = rowsOf<{ d: string; f: number; c: number }>(
    await ctx.db.execute(sql`
      select d::text as d, f, c from (
        select ${dayOf(zone)} as d, a.form_id as f, count(*)::int as c
          from form_answers a
         where a.account_id = ${ctx.accountId}
           and a.form_id = any(${`{${readable.map((form) => form.id).join(",")}}`}::int[])
           ${range.from ? sql`and a.submit_time >= ${range.from.toISOString()}::timestamptz` : sql``}
           ${range.to ? sql`and a.submit_time < ${range.to.toISOString()}::timestamptz` : sql``}
         group by 1, 2) s
       order by 1, 2`),
  );
  const days = new Map<
    string,
    { date: string; count: number; forms: { formId: number; title: string; count: number }[] }
  >();
  for (const row of rows) {
    const day = days.get(row.d) ?? { date: row.d, count: 0, forms: [] };
    day.count += row.c;
    day.forms.push({ formId: row.f, title: titles.get(row.f) ?? "", count: row.c });
    days.set(row.d, day);
  }
  return { days: [...days.values()] };
}
