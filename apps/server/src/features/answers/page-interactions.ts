import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { ZPageInteractionPage, ZPageInteractionQuery } from "@formloom/core/api/page-interactions";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { behaviorLogs, formStarts } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { rangeOf, readableForm, zoneOf } from "../statistics/scope.ts";

type Query = z.infer<typeof ZPageInteractionQuery>;

interface VisitRow extends Record<string, unknown> {
  pid: string;
  started: string | Date;
  last_seen: string | Date;
  span_ms: string | number | null;
  answer_id: number | null;
  number: number | null;
  username: string | null;
  total: string | number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The visits to a form's page, one per filling whose behaviour was recorded (its key is the PID):
 * when the first and last batches came, the time from the page's opening to its last event, and
 * the submission it ended in, if any.
 */
export async function pageInteractions(
  ctx: TenantContext,
  formId: number,
  page: number,
  size: number,
  query: Query,
) {
  const form = await readableForm(ctx, formId);
  const range = rangeOf(query.date_from, query.date_to, zoneOf(ctx, query.timezone));
  const shown =
    query.show === "answered"
      ? sql` and a.id is not null`
      : query.show === "unanswered"
        ? sql` and a.id is null`
        : sql``;
  const from = range.from ? sql` and v.started >= ${range.from.toISOString()}::timestamptz` : sql``;
  const to = range.to ? sql` and v.started < ${range.to.toISOString()}::timestamptz` : sql``;
  const order = query.order === "asc" ? sql`v.started asc, v.pid asc` : sql`v.started desc, v.pid desc`;
  const result = (await ctx.db.execute(sql`
    with v as (
      select l.submission_key as pid, min(l.created_at) as started, max(l.created_at) as last_seen,
        max(s.at_ms) as span_ms
      from behavior_logs l
      cross join lateral (select max((e->>'at')::bigint) as at_ms from jsonb_array_elements(l.events) e) s
      where l.account_id = ${form.accountId} and l.form_id = ${form.formId}
      group by l.submission_key
    )
    select v.pid, v.started, v.last_seen, v.span_ms, a.id as answer_id, a.number, u.username,
      count(*) over () as total
    from v
    left join form_answers a
      on a.account_id = ${form.accountId} and a.form_id = ${form.formId} and a.submission_key = v.pid
    left join users u on u.id = a.user_id
    where true${shown}${from}${to}
    order by ${order}
    limit ${size} offset ${(page - 1) * size}`)) as unknown as { rows: VisitRow[] };
  const rows = result.rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    interactions: rows.map((row) => ({
      pid: row.pid,
      start: iso(row.started),
      end: iso(row.last_seen),
      duration: Math.round(Number(row.span_ms ?? 0) / 100) / 10,
      user: row.username,
      answer: row.answer_id === null ? null : { id: row.answer_id, number: row.number },
    })),
  };
}

/** Forgets one visit: its recorded behaviour and its start. A submission it ended in stays. */
export async function deletePageInteraction(ctx: TenantContext, formId: number, pid: string): Promise<void> {
  const form = await readableForm(ctx, formId);
  const ofVisit = (table: typeof behaviorLogs | typeof formStarts) =>
    and(eq(table.accountId, form.accountId), eq(table.formId, form.formId));
  const deleted = await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(behaviorLogs)
      .where(and(ofVisit(behaviorLogs), eq(behaviorLogs.submissionKey, pid)))
      .returning({ id: behaviorLogs.id });
    await tx.delete(formStarts).where(and(ofVisit(formStarts), eq(formStarts.visitKey, pid)));
    return gone.length;
  });
  if (deleted === 0) throw notFound("page_interaction.not_found");
}

export function pageInteractionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/forms/:id/page-interactions/:page/:size",
    {
      schema: {
        tags: ["answers"],
        description:
          "Visits to the form's page (PID, start, end, duration, user, the submission if any), one per filling " +
          "whose behaviour was recorded; `show` all, answered or unanswered ones, started within date_from and " +
          "date_to (days of `timezone`), oldest or newest first.",
        params: ZIdParams.extend({ page: ZRowId, size: z.coerce.number().int().min(1).max(100) }),
        querystring: ZPageInteractionQuery,
        response: { 200: ZPageInteractionPage },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, page, size } = request.params;
      return pageInteractions(ctx, id, page, size, request.query);
    },
  );
  r.delete(
    "/forms/:id/page-interactions/:pid",
    {
      schema: {
        tags: ["answers"],
        description:
          "Forgets one visit: the behaviour recorded under its PID and its start. A submission it ended in stays.",
        params: ZIdParams.extend({
          pid: z.string().regex(/^[\x21-\x7e]{1,200}$/, "page_interaction.not_found"),
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "results.delete");
      await deletePageInteraction(ctx, request.params.id, request.params.pid);
      return reply.status(204).send(null);
    },
  );
}
