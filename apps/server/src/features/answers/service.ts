import type { ZAnswerPageQuery } from "@formloom/core/api/answers";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { formAnswers, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead, visibleAnswer } from "../../http/policy.ts";
import { loadForm } from "../forms/service.ts";
import { presentAnswer } from "./presenter.ts";

const SORT_COLUMNS = {
  id: formAnswers.id,
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
  query: z.infer<typeof ZAnswerPageQuery>,
) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  // Ordering by a total would hint at the answers of fields this reader may not see.
  const sortBy = access.level === "fields" && query.sortBy === "score" ? "submitTime" : query.sortBy;
  const where = and(
    ofForm(ctx, formId),
    query.isViewed === undefined ? undefined : eq(formAnswers.isViewed, query.isViewed === "true"),
  );
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ answer: formAnswers, username: users.username })
      .from(formAnswers)
      .leftJoin(users, eq(users.id, formAnswers.userId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[sortBy]), direction(formAnswers.id))
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ value: count() }).from(formAnswers).where(where),
  ]);
  return {
    answerList: rows.map((row) => visibleAnswer(presentAnswer(row.answer, row.username), access)),
    visibleFieldIds: access.level === "fields" ? [...access.fieldIds] : null,
    total: total?.value ?? 0,
    page,
    size,
  };
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
