import type { ZAnswerPageQuery } from "@formloom/core/api/answers";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { formAnswerCounts, formAnswers, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead, visibleAnswer } from "../../http/policy.ts";
import { loadForm } from "../forms/service.ts";
import { afterCursor, cursorValue, encodeCursor } from "./cursor.ts";
import { filterConditions, hasFilters } from "./filters.ts";
import { presentAnswer } from "./presenter.ts";

const SORT_COLUMNS = {
  id: formAnswers.id,
  number: formAnswers.number,
  submitTime: formAnswers.submitTime,
  formPassingTime: formAnswers.formPassingTime,
  isViewed: formAnswers.isViewed,
  score: formAnswers.score,
} as const;

const ofForm = (ctx: TenantContext, formId: number) =>
  and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId));

export async function answerPage(
  ctx: TenantContext,
  formId: number,
  page: number,
  size: number,
  query: z.infer<typeof ZAnswerPageQuery> & { after?: string },
) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  // Ordering by a total would hint at the answers of fields this reader may not see.
  const sortBy = access.level === "fields" && query.sortBy === "score" ? "submitTime" : query.sortBy;
  const known = new Set((form.fields as Array<{ id: string }>).map((field) => field.id));
  const filtered = and(
    ofForm(ctx, formId),
    query.isViewed === undefined ? undefined : eq(formAnswers.isViewed, query.isViewed === "true"),
    ...filterConditions(query.filters, access, known),
  );
  const where = and(
    filtered,
    query.after === undefined ? undefined : afterCursor(query.after, sortBy, query.order),
  );
  const direction = query.order === "asc" ? asc : desc;
  const offset = query.after === undefined ? (page - 1) * size : 0;
  const rowsRead = ctx.db
    .select({ answer: formAnswers, username: users.username, key: cursorValue(sortBy) })
    .from(formAnswers)
    .leftJoin(users, eq(users.id, formAnswers.userId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[sortBy]), direction(formAnswers.id))
    .limit(size)
    .offset(offset);
  const [rows, kept] = await Promise.all([
    rowsRead,
    hasFilters(query.filters) ? null : keptCount(ctx, formId, query.isViewed),
  ]);
  // A page read by offset that ends short holds the last of the filtered rows, so the count is
  // where it ends; only a full page (or one past the end) needs the filter's full pass.
  const endsShort = query.after === undefined && rows.length < size && (rows.length > 0 || page === 1);
  const total = kept ?? (endsShort ? offset + rows.length : await filteredCount(ctx, filtered));
  const last = rows.length === size ? rows[rows.length - 1] : undefined;
  return {
    answerList: rows.map((row) => visibleAnswer(presentAnswer(row.answer, row.username), access)),
    visibleFieldIds: access.level === "fields" ? [...access.fieldIds] : null,
    total,
    page,
    size,
    nextCursor: last ? encodeCursor(sortBy, query.order, last.key, last.answer.id) : null,
  };
}

async function filteredCount(ctx: TenantContext, filtered: SQL | undefined): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(formAnswers).where(filtered);
  return row?.total ?? 0;
}

/**
 * The exact number of the form's submissions (or of its read or unread ones) from the counts the
 * answers' triggers keep, instead of counting the form's rows on every page.
 */
async function keptCount(ctx: TenantContext, formId: number, isViewed: "true" | "false" | undefined) {
  const [row] = await ctx.db
    .select({ total: formAnswerCounts.total, unread: formAnswerCounts.unread })
    .from(formAnswerCounts)
    .where(and(eq(formAnswerCounts.accountId, ctx.accountId), eq(formAnswerCounts.formId, formId)));
  if (!row) return 0;
  return isViewed === undefined ? row.total : isViewed === "false" ? row.unread : row.total - row.unread;
}

export async function getAnswer(ctx: TenantContext, formId: number, answerId: number) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  const [row] = await ctx.db
    .select({ answer: formAnswers, username: users.username })
    .from(formAnswers)
    .leftJoin(users, eq(users.id, formAnswers.userId))
    .where(and(ofForm(ctx, formId), eq(formAnswers.id, answerId)));
  if (!row) throw notFound("answer.not_found");
  return {
    ...visibleAnswer(presentAnswer(row.answer, row.username), access),
    visibleFieldIds: access.level === "fields" ? [...access.fieldIds] : null,
  };
}

export async function setViewed(ctx: TenantContext, formId: number, answerIds: number[], isViewed: boolean) {
  assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
  const updated = await ctx.db
    .update(formAnswers)
    .set({ isViewed })
    .where(and(ofForm(ctx, formId), inArray(formAnswers.id, answerIds)))
    .returning({ id: formAnswers.id });
  return { updated: updated.length };
}

export async function deleteAnswers(ctx: TenantContext, formId: number, answerIds: number[]) {
  // Deleting answers one cannot wholly see would destroy what one was not shown.
  if ((await answerAccess(ctx, await loadForm(ctx, formId))).level !== "all") throw forbidden("not_allowed");
  const deleted = await ctx.db
    .delete(formAnswers)
    .where(and(ofForm(ctx, formId), inArray(formAnswers.id, answerIds)))
    .returning({ id: formAnswers.id });
  return { deleted: deleted.length };
}
