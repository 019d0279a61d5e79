import type { TRecentNew } from "@formloom/core/api/submission-charts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import type { TenantContext } from "../../http/context.ts";

/**
 * "New" here is per user: the submissions after the caller last opened the form's results list
 * (markResultsSeen, called by the list's route with the moment the list was asked for, on the
 * clock submissions' times are taken from). It differs from the unread count of
 * GET /forms/account/answer/count-new, which is the account's shared read mark of each submission:
 * opening the list does not read its submissions, and one reader opening it does not make the
 * submissions old to another.
 */
export async function markResultsSeen(ctx: TenantContext, formId: number, askedAt: Date): Promise<void> {
  // Every page of the list writes this; losing the last one in a crash only shows a few
  // submissions as new again, so the page does not wait for the disk. One statement is its own
  // transaction, and the setting made local to it holds until that transaction's commit: one
  // round trip instead of begin, set, insert and commit (four, a tenth of a page's time).
  await ctx.db.execute(sql`
    insert into results_seen (account_id, user_id, form_id, seen_at)
    select ${ctx.accountId}, ${ctx.user.id}, ${formId}, ${askedAt.toISOString()}::timestamptz
      from (select set_config('synchronous_commit', 'off', true)) as no_wait
    on conflict (account_id, user_id, form_id)
    do update set seen_at = greatest(results_seen.seen_at, excluded.seen_at)`);
}

const instant = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const epochMs = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::float8`;

/**
 * The submissions since the caller last looked: before they ever did, the whole form's count the
 * triggers keep (form_answer_counts); after, the submit-time index read from that moment on, so
 * only the new submissions are counted. The latest is the index's last entry. The moment is read
 * first (beside the form and the reader's access, which `readable` checks) and given to the count
 * as a value: planned without it, PostgreSQL expects a third of the form to be new and counts the
 * index in parallel.
 */
export async function recentNew(
  db: Db,
  ctx: TenantContext,
  formId: number,
  readable: () => Promise<{ accountId: number; formId: number }>,
): Promise<TRecentNew> {
  const [form, [seen]] = await Promise.all([
    readable(),
    db
      .execute(sql`
        select s.seen_at::text as at, ${epochMs(sql`s.seen_at`)} as ms from results_seen s
         where s.account_id = ${ctx.accountId} and s.user_id = ${ctx.user.id} and s.form_id = ${formId}`)
      .then(rowsOf<{ at: string; ms: number }>),
  ]);
  const ofForm = sql`a.account_id = ${form.accountId} and a.form_id = ${form.formId}`;
  const [row] = rowsOf<{ c: number; latest: number | null }>(
    await db.execute(
      seen
        ? sql`select count(*)::int as c, ${epochMs(sql`max(a.submit_time)`)} as latest
                from form_answers a where ${ofForm} and a.submit_time > ${seen.at}::timestamptz`
        : sql`select coalesce((select c.total from form_answer_counts c
                 where c.account_id = ${form.accountId} and c.form_id = ${form.formId}), 0) as c,
                 ${epochMs(sql`(select max(a.submit_time) from form_answers a where ${ofForm})`)} as latest`,
    ),
  );
  return {
    formId: String(form.formId),
    count: row?.c ?? 0,
    latestAt: instant(row?.latest ?? null),
    since: instant(seen?.ms ?? null),
  };
}
