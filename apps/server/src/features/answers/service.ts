import {
  ANSWER_SORT_PREFIX,
  type ZAnswerCountQuery,
  type ZAnswerPageQuery,
} from "@formloom/core/api/answers";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { formAnswerCounts, formAnswers, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead, visibleAnswer } from "../../http/policy.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { loadForm } from "../forms/service.ts";
import { deleteCapturesOf, removeCaptureBytes } from "./captures.ts";
import {
  afterAnswer,
  afterCursor,
  answerOrder,
  cursorValue,
  encodeAnswerCursor,
  encodeCursor,
  readAnswerCursor,
  type SortKey,
} from "./cursor.ts";
import { type FilteredField, filterConditions, hasFilters } from "./filters.ts";
import { presentAnswer } from "./presenter.ts";
import { deleteRecognitionsOf } from "./recognition.ts";
import { deleteRecordingsOf } from "./session-recordings.ts";

export const SORT_COLUMNS = {
  id: formAnswers.id,
  number: formAnswers.number,
  submitTime: formAnswers.submitTime,
  formPassingTime: formAnswers.formPassingTime,
  isViewed: formAnswers.isViewed,
  score: formAnswers.score,
} as const;

const ofForm = (ctx: TenantContext, formId: number) =>
  and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId));

/**
 * One page of the form's submissions. `alongside` runs beside the page's reads once the form and
 * the reader's access are known (the list's route marks the results seen there).
 */
export async function answerPage(
  ctx: TenantContext,
  formId: number,
  page: number,
  size: number,
  query: z.infer<typeof ZAnswerPageQuery> & { after?: string },
  alongside?: () => Promise<void>,
) {
  const { access, filtered, fields } = await readableRows(ctx, formId, query);
  const byAnswer = query.sortBy.startsWith(ANSWER_SORT_PREFIX)
    ? answerSortKey(query.sortBy.slice(ANSWER_SORT_PREFIX.length), access, fields)
    : undefined;
  // Ordering by a total would hint at the answers of fields this reader may not see.
  const sortBy: SortKey =
    byAnswer || (access.level === "fields" && query.sortBy === "score")
      ? "submitTime"
      : (query.sortBy as SortKey);
  const direction = query.order === "asc" ? asc : desc;
  const answerCursor =
    byAnswer && query.after !== undefined
      ? readAnswerCursor(query.after, query.sortBy, query.order)
      : undefined;
  // Sorted by an answer, the last row's answer goes on from where that row stood; a row deleted
  // since whose answer was too long to carry leaves only the position it had.
  const lastKey =
    answerCursor && byAnswer
      ? answerCursor.v !== undefined
        ? answerCursor.v
        : await answerKeyOf(ctx, formId, answerCursor.id, byAnswer)
      : undefined;
  const after =
    query.after === undefined
      ? undefined
      : byAnswer
        ? lastKey === undefined
          ? undefined
          : afterAnswer(byAnswer, query.order, lastKey, answerCursor!.id)
        : afterCursor(query.after, sortBy, query.order);
  const where = and(filtered, after);
  const offset = after !== undefined ? 0 : answerCursor ? answerCursor.n : (page - 1) * size;
  const rowsRead = ctx.db
    .select({
      answer: formAnswers,
      username: users.username,
      key: byAnswer ? sql<string | null>`(${byAnswer})::text` : cursorValue(sortBy),
    })
    .from(formAnswers)
    .leftJoin(users, eq(users.id, formAnswers.userId))
    .where(where)
    .orderBy(
      ...(byAnswer ? answerOrder(byAnswer, query.order) : [direction(SORT_COLUMNS[sortBy])]),
      direction(formAnswers.id),
    )
    .limit(size)
    .offset(offset);
  const [rows, kept] = await Promise.all([
    rowsRead,
    hasFilters(query.filters) ? null : keptCount(ctx, formId, query.isViewed),
    alongside?.(),
  ]);
  // A page read by offset that ends short holds the last of the filtered rows, so the count is
  // where it ends; only a full page (or one past the end) needs the filter's full pass. A position
  // a cursor carried was counted before, when rows since deleted were still there: it holds only
  // for a page that has rows.
  const endsShort =
    after === undefined &&
    rows.length < size &&
    (rows.length > 0 || (page === 1 && query.after === undefined));
  const total =
    kept ??
    (endsShort
      ? offset + rows.length
      : query.withTotal === "false"
        ? null
        : await filteredCount(ctx, filtered));
  const last = rows.length === size ? rows[rows.length - 1] : undefined;
  return {
    answerList: rows.map((row) => visibleAnswer(presentAnswer(row.answer, row.username), access)),
    visibleFieldIds: access.level === "fields" ? [...access.fieldIds] : null,
    total,
    page,
    size,
    nextCursor: !last
      ? null
      : byAnswer
        ? // The next row's position, for a cursor whose row is gone: this page's first, plus the page.
          encodeAnswerCursor(
            query.sortBy,
            query.order,
            { id: last.answer.id, key: last.key },
            (answerCursor ? answerCursor.n : offset) + size,
          )
        : encodeCursor(sortBy, query.order, last.key, last.answer.id),
  };
}

/** A submission's answer as a sort by it reads it (JSON text, null when none); undefined when it is gone. */
async function answerKeyOf(ctx: TenantContext, formId: number, id: number, byAnswer: SQL) {
  const [row] = await ctx.db
    .select({ key: sql<string | null>`(${byAnswer})::text` })
    .from(formAnswers)
    .where(and(ofForm(ctx, formId), eq(formAnswers.id, id)));
  return row ? row.key : undefined;
}

/** The form's rows this reader may read, narrowed by read state and filters, and the reader's access. */
async function readableRows(ctx: TenantContext, formId: number, query: z.infer<typeof ZAnswerCountQuery>) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  const fields = form.fields as FilteredField[];
  const filtered = and(
    ofForm(ctx, formId),
    query.isViewed === undefined ? undefined : eq(formAnswers.isViewed, query.isViewed === "true"),
    ...filterConditions(query.filters, access, fields),
  );
  return { access, filtered, fields };
}

/**
 * A field's answer as a sort key: JSON's own order, so numbers sort by value and texts
 * alphabetically; a choice by the titles of its options, as the reader sees it (several choices
 * as their titles in the order chosen, joined). A reader limited to selected fields sorts only by
 * those.
 */
export function answerSortKey(fieldId: string, access: AnswerAccess, fields: readonly FilteredField[]): SQL {
  const field = fields.find((each) => each.id === fieldId);
  if (!field) throw badRequest("answer.unknown_field");
  if (access.level === "fields" && !access.fieldIds.has(fieldId)) throw forbidden("not_allowed");
  const path = `$[*] ? (@.fieldId == ${JSON.stringify(fieldId)}).answer`;
  const answer = sql`jsonb_path_query_first("form_answers"."answers", ${path}::jsonpath)`;
  const options = [
    ...(field.fieldSettings?.answerVariants ?? []),
    ...(field.fieldSettings?.removedVariants ?? []),
  ];
  if (options.length === 0) return answer;
  // One parameter however many options: their titles by id; Other's own words without its mark.
  const titles = JSON.stringify(Object.fromEntries(options.map((option) => [option.id, option.title])));
  const titled = (id: SQL) => sql`coalesce(${titles}::jsonb ->> ${id}, regexp_replace(${id}, '^other:', ''))`;
  return sql`(select case jsonb_typeof(a.v)
      when 'string' then to_jsonb(${titled(sql`(a.v #>> '{}')`)})
      when 'array' then (select to_jsonb(string_agg(${titled(sql`c.id`)}, ', ' order by c.n))
        from jsonb_array_elements_text(a.v) with ordinality as c(id, n))
      else a.v end
    from (select ${answer} as v) as a)`;
}

/**
 * How many rows a results page's filters match over all its pages: asked once per filter by the
 * table, which pages and sorts without counting again. Unfiltered, from the kept counts.
 */
export async function answerCount(
  ctx: TenantContext,
  formId: number,
  query: z.infer<typeof ZAnswerCountQuery>,
): Promise<{ total: number }> {
  const { filtered } = await readableRows(ctx, formId, query);
  if (!hasFilters(query.filters)) return { total: await keptCount(ctx, formId, query.isViewed) };
  return { total: await filteredCount(ctx, filtered) };
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

export async function deleteAnswers(
  ctx: TenantContext,
  storage: FileStorage,
  formId: number,
  answerIds: number[],
) {
  // Deleting answers one cannot wholly see would destroy what one was not shown.
  if ((await answerAccess(ctx, await loadForm(ctx, formId))).level !== "all") throw forbidden("not_allowed");
  const { deleted, captured } = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(formAnswers)
      .where(and(ofForm(ctx, formId), inArray(formAnswers.id, answerIds)))
      .returning({ id: formAnswers.id, key: formAnswers.submissionKey });
    const keys = rows.map((answer) => answer.key);
    await deleteRecordingsOf(tx, ctx.accountId, formId, keys);
    await deleteRecognitionsOf(tx, ctx.accountId, formId, keys);
    return { deleted: rows, captured: await deleteCapturesOf(tx, ctx.accountId, formId, keys) };
  });
  // The captures' bytes once their rows are gone for good.
  await removeCaptureBytes(storage, captured);
  return { deleted: deleted.length };
}

/** The form's own numbers of these submissions, by their ids: logs name a submission as the table does. */
export async function answerNumbers(
  ctx: TenantContext,
  answerIds: number[],
): Promise<Map<number, number | null>> {
  if (answerIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: formAnswers.id, number: formAnswers.number })
    .from(formAnswers)
    .where(and(eq(formAnswers.accountId, ctx.accountId), inArray(formAnswers.id, answerIds)));
  return new Map(rows.map((row) => [row.id, row.number]));
}
