import type { TAnswerNotes, TResultsColumns } from "@formloom/core/api/results-table";
import type { AnswerAccess } from "@formloom/core/permissions";
import { resultForScores } from "@formloom/core/scoring";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows.ts";
import { formAnswers, forms, resultsTableLayouts } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, answerAccessByForm, assertCanRead, visibleNotes } from "../../http/policy.ts";
import { readForm } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";

/**
 * What readers add to a submission: tags, a score set by hand (in total or per field) and a
 * comment per field. The submission's own answers never change.
 */

const ofAnswer = (ctx: TenantContext, formId: number, answerId: number) =>
  and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId), eq(formAnswers.id, answerId));

const notes = {
  id: formAnswers.id,
  tags: formAnswers.tags,
  score: formAnswers.score,
  fieldScores: formAnswers.fieldScores,
  fieldComments: formAnswers.fieldComments,
};

/** The notes as this reader may read them (the policy's cut of a submission). */
function present(
  row: typeof formAnswers.$inferSelect | undefined | Record<string, unknown>,
  access: AnswerAccess,
): TAnswerNotes {
  if (!row) throw notFound("answer.not_found");
  const r = row as {
    id: number;
    tags: string[];
    score: number | null;
    fieldScores: unknown;
    fieldComments: unknown;
  };
  return visibleNotes(
    {
      id: r.id,
      tags: r.tags,
      score: r.score,
      fieldScores: (r.fieldScores as Record<string, number> | null) ?? null,
      fieldComments: (r.fieldComments as Record<string, string> | null) ?? {},
    },
    access,
  );
}

/** The form's access for this reader, and that the field is one of the form's that they see. */
async function fieldAccess(ctx: TenantContext, formId: number, fieldId?: string) {
  return (await formAndAccess(ctx, formId, fieldId)).access;
}

async function formAndAccess(ctx: TenantContext, formId: number, fieldId?: string) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  if (fieldId !== undefined) {
    if (!(form.fields as Array<{ id: string }>).some((field) => field.id === fieldId))
      throw badRequest("answer.unknown_field");
    if (access.level === "fields" && !access.fieldIds.has(fieldId)) throw forbidden("not_allowed");
  }
  return { form, access };
}

/**
 * Changes a submission's score by hand and, in the same transaction, the result it earns (passed
 * or failed, the gradation, the categories' levels) on a calculation form.
 */
async function scoreAndRegrade(
  ctx: TenantContext,
  form: typeof forms.$inferSelect,
  answerId: number,
  change: Partial<Record<"score" | "fieldScores", unknown>>,
) {
  const { settings, fields } = readForm(form);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(formAnswers)
      .set(change as Partial<typeof formAnswers.$inferInsert>)
      .where(ofAnswer(ctx, form.id, answerId))
      .returning(notes);
    if (row && settings.type === "calculation" && row.score !== null) {
      const points = (row.fieldScores as Record<string, number> | null) ?? {};
      await tx
        .update(formAnswers)
        .set({ result: resultForScores(settings, fields, row.score, points) })
        .where(ofAnswer(ctx, form.id, answerId));
    }
    return row;
  });
}

/** A text[] that PostgreSQL and PGlite both take as a parameter. */
const textArray = (values: string[]) =>
  sql`(select coalesce(array_agg(v order by o), '{}') from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as t(v, o))`;

export async function updateTags(ctx: TenantContext, formId: number, answerId: number, tags: string[]) {
  const access = await fieldAccess(ctx, formId);
  const unique = [...new Set(tags.map((tag) => tag.trim()))];
  const [row] = await ctx.db
    .update(formAnswers)
    .set({ tags: sql`${textArray(unique)}` })
    .where(ofAnswer(ctx, formId, answerId))
    .returning(notes);
  return present(row, access);
}

export async function updateScore(
  ctx: TenantContext,
  formId: number,
  answerId: number,
  score: number | null,
) {
  // The total depends on every field: only a reader of the whole form may set it.
  const { form, access } = await formAndAccess(ctx, formId);
  if (access.level !== "all") throw forbidden("not_allowed");
  return present(await scoreAndRegrade(ctx, form, answerId, { score }), access);
}

/** Sets one field's points and moves the total by the difference, in one statement. */
export async function updateFieldScore(
  ctx: TenantContext,
  formId: number,
  answerId: number,
  fieldId: string,
  score: number,
) {
  const { form, access } = await formAndAccess(ctx, formId, fieldId);
  if (access.level !== "all") throw forbidden("not_allowed");
  return present(
    await scoreAndRegrade(ctx, form, answerId, {
      fieldScores: sql`coalesce(${formAnswers.fieldScores}, '{}'::jsonb) || jsonb_build_object(${fieldId}::text, ${score}::float8)`,
      score: sql`coalesce(${formAnswers.score}, 0) + ${score}::float8 - coalesce((${formAnswers.fieldScores}->>${fieldId}::text)::float8, 0)`,
    }),
    access,
  );
}

export async function updateComment(
  ctx: TenantContext,
  formId: number,
  answerId: number,
  fieldId: string,
  comment: string,
) {
  const access = await fieldAccess(ctx, formId, fieldId);
  const text = comment.trim();
  const [row] = await ctx.db
    .update(formAnswers)
    .set({
      fieldComments:
        text === ""
          ? sql`${formAnswers.fieldComments} - ${fieldId}::text`
          : sql`${formAnswers.fieldComments} || jsonb_build_object(${fieldId}::text, ${text}::text)`,
    })
    .where(ofAnswer(ctx, formId, answerId))
    .returning(notes);
  return present(row, access);
}

/** Every tag used on the submissions of the forms this reader may read, in alphabetical order. */
export async function accountAnswerTags(ctx: TenantContext) {
  const list = await ctx.db
    .select({ id: forms.id, creatorId: forms.creatorId })
    .from(forms)
    .where(eq(forms.accountId, ctx.accountId));
  const access = await answerAccessByForm(ctx, list);
  const readable = list.filter((form) => (access.get(form.id)?.level ?? "none") !== "none").map((f) => f.id);
  if (readable.length === 0) return { tags: [] };
  const rows = await ctx.db.execute<{ tag: string }>(
    sql`select distinct t.tag from form_answers, unnest(form_answers.tags) as t(tag)
        where form_answers.account_id = ${ctx.accountId}
          and form_answers.form_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(readable)}::jsonb))
          and cardinality(form_answers.tags) > 0
        order by 1 limit 1000`,
  );
  return { tags: rowsOf<{ tag: string }>(rows).map((row) => row.tag) };
}

/** The thematic tags of the account's forms. */
export async function accountFormTags(ctx: TenantContext) {
  const rows = await ctx.db.execute<{ tag: string }>(
    sql`select distinct t.tag from forms, jsonb_array_elements_text(coalesce(forms.settings->'tags', '[]'::jsonb)) as t(tag)
        where forms.account_id = ${ctx.accountId} and jsonb_typeof(forms.settings->'tags') = 'array'
        order by 1 limit 1000`,
  );
  return { tags: rowsOf<{ tag: string }>(rows).map((row) => row.tag) };
}

export async function getColumns(ctx: TenantContext, formId: number): Promise<TResultsColumns> {
  assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
  const [row] = await ctx.db
    .select({ columns: resultsTableLayouts.columns })
    .from(resultsTableLayouts)
    .where(
      and(
        eq(resultsTableLayouts.accountId, ctx.accountId),
        eq(resultsTableLayouts.userId, ctx.user.id),
        eq(resultsTableLayouts.formId, formId),
      ),
    );
  return { columns: (row?.columns as TResultsColumns["columns"] | undefined) ?? [] };
}

export async function saveColumns(ctx: TenantContext, formId: number, layout: TResultsColumns) {
  assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
  const keys = layout.columns.map((column) => column.key);
  if (new Set(keys).size !== keys.length) throw badRequest("request.invalid");
  await ctx.db
    .insert(resultsTableLayouts)
    .values({ accountId: ctx.accountId, userId: ctx.user.id, formId, columns: layout.columns })
    .onConflictDoUpdate({
      target: [resultsTableLayouts.accountId, resultsTableLayouts.userId, resultsTableLayouts.formId],
      set: { columns: layout.columns, updatedAt: sql`now()` },
    });
  return { columns: layout.columns };
}
