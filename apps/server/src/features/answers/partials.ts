import type { TAnswerView, ZAnswerCountQuery } from "@formloom/core/api/answers";
import type { TPartialResponse } from "@formloom/core/api/partials";
import { validationError } from "@formloom/core/errors";
import { isKeptBeforeSending, keptAnswers, PARTIAL_LIMITS } from "@formloom/core/partial-response";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Query } from "../../db/connect.ts";
import { formPartials, forms, users } from "../../db/schema.ts";
import type { TenantContext, UserRow } from "../../http/context.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead, visibleAnswer } from "../../http/policy.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable, closedReason } from "../forms/public.ts";
import { loadForm } from "../forms/service.ts";
import { type FilteredField, filterConditions, PARTIAL_ROWS } from "./filters.ts";

/**
 * Fillings not sent yet, kept by the server under the key their submission will carry
 * (form_partials): saved by the page's script where the author turned on "save partial
 * responses", and the pages so far of a form filled without JavaScript. Storing the submission
 * deletes its partial, so a filling is never both.
 */

interface Caller {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

/** Who keeps a partial: a signed-in user by their user, anyone else by their respondent cookie. */
const keeperOf = (caller: Pick<Caller, "respondent" | "visitor">) =>
  caller.visitor ? `user:${caller.visitor.id}` : (caller.respondent ?? null);

interface Kept {
  accountId: number;
  formId: number;
  key: string;
  respondent: string | null;
  userId: number | null;
  answers: Record<string, unknown>;
  page: number;
  stoppedAt: string | null;
  listed: boolean;
  startTime: string | null;
}

/**
 * Saves (or replaces) a filling's answers so far. Refused for a form that does not save partial
 * responses or is closed, for questions the form does not have, and once the filling was sent.
 */
export async function savePartial(db: Db, body: TPartialResponse, caller: Caller): Promise<void> {
  const person = keeperOf(caller);
  const { windowSeconds } = PARTIAL_LIMITS;
  await countRequest(
    db,
    [
      ...(person ? [{ key: `partial:${person}`, max: PARTIAL_LIMITS.perRespondent, windowSeconds }] : []),
      { key: `partial:ip:${addressKey(caller.ip)}`, max: PARTIAL_LIMITS.perAddress, windowSeconds },
    ],
    "partial.rate_limited",
  );
  const [row] = await db.select().from(forms).where(eq(forms.id, body.formId));
  if (!row) throw notFound("form.not_found");
  const { settings, fields } = readForm(row);
  assertFillable(row, settings, caller.visitor);
  if (!settings.savePartialResponses) throw forbidden("partial.not_enabled");
  // Closed by its date or its limit, the form takes no filling, kept or sent (forms.md §8).
  if (await closedReason(db, row, settings)) throw forbidden("form.closed");
  const known = new Set(fields.map((field) => field.id));
  const strangers = [
    ...body.answers.flatMap((answer, i) =>
      known.has(answer.fieldId) ? [] : [validationError(`answers.${i}.fieldId`, "answer.unknown_field")],
    ),
    ...(body.stoppedAt !== null && !known.has(body.stoppedAt)
      ? [validationError("stoppedAt", "answer.unknown_field")]
      : []),
  ];
  if (strangers.length > 0) throw badRequest("answer.unknown_field", strangers);
  await keepPartial(db, {
    accountId: row.accountId,
    formId: row.id,
    key: body.key,
    respondent: person,
    userId: caller.visitor?.accountId === row.accountId ? caller.visitor.id : null,
    answers: keptAnswers(fields, Object.fromEntries(body.answers.map((a) => [a.fieldId, a.answer]))),
    page: body.page,
    stoppedAt: body.stoppedAt,
    listed: true,
    startTime: body.startTime ?? null,
  });
}

/**
 * One statement: inserted, or replacing the one kept under the key by the same respondent; never
 * after the filling was sent (409 partial.already_sent), never over another respondent's (403).
 */
export async function keepPartial(db: Db, kept: Kept): Promise<void> {
  const stored = await db.execute(sql`
    insert into form_partials (account_id, form_id, submission_key, respondent, user_id, answers,
                               page, stopped_at, listed, start_time)
    select ${kept.accountId}, ${kept.formId}, ${kept.key}, ${kept.respondent}, ${kept.userId},
           ${JSON.stringify(answerList(kept.answers))}::jsonb, ${kept.page}, ${kept.stoppedAt},
           ${kept.listed}, ${kept.startTime}::timestamptz
     where not exists (select 1 from form_answers a
                        where a.account_id = ${kept.accountId} and a.form_id = ${kept.formId}
                          and a.submission_key = ${kept.key})
    on conflict (account_id, form_id, submission_key) do update
       set answers = excluded.answers, page = excluded.page, stopped_at = excluded.stopped_at,
           listed = form_partials.listed or excluded.listed, updated_at = now()
     where form_partials.respondent is not distinct from excluded.respondent
    returning id`);
  if (rowCount(stored) > 0) return;
  const [sent] = await db
    .select({ one: sql<number>`1` })
    .from(sql`form_answers`)
    .where(sql`account_id = ${kept.accountId} and form_id = ${kept.formId} and submission_key = ${kept.key}`);
  throw sent ? new AppError(409, "partial.already_sent") : forbidden("not_allowed");
}

/** The answers a filling without JavaScript sent on its pages so far, for its next page and its end. */
export async function keptPages(
  db: Db,
  form: { accountId: number; id: number },
  key: string,
  respondent: string | null,
): Promise<{ answers: Record<string, unknown>; page: number } | null> {
  const [row] = await db
    .select({ answers: formPartials.answers, page: formPartials.page, respondent: formPartials.respondent })
    .from(formPartials)
    .where(
      and(
        eq(formPartials.accountId, form.accountId),
        eq(formPartials.formId, form.id),
        eq(formPartials.submissionKey, key),
      ),
    );
  if (!row || row.respondent !== respondent) return null;
  const list = row.answers as Array<{ fieldId: string; answer: unknown }>;
  return { answers: Object.fromEntries(list.map((a) => [a.fieldId, a.answer])), page: row.page };
}

/** The submission stored under the key takes its partial's place. */
export async function dropPartial(query: Query, accountId: number, formId: number, key: string) {
  await query(
    "delete from form_partials where account_id = $1::int4 and form_id = $2::int4 and submission_key = $3::text",
    [accountId, formId, key],
  );
}

const answerList = (answers: Record<string, unknown>) =>
  Object.entries(answers).map(([fieldId, answer]) => ({ fieldId, answer }));

/** Rows a statement returned, as either driver tells it. */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}

type PartialQuery = Pick<z.infer<typeof ZAnswerCountQuery>, "isViewed" | "filters">;

/**
 * The form's listed partial responses this reader may read, narrowed by the results table's
 * filters as its submissions are (filters.ts). A partial response is never unread.
 */
async function listedOf(ctx: TenantContext, formId: number, query: PartialQuery) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  const where = and(
    eq(formPartials.accountId, ctx.accountId),
    eq(formPartials.formId, formId),
    eq(formPartials.listed, true),
    query.isViewed === "false" ? sql`false` : undefined,
    ...filterConditions(query.filters, access, form.fields as FilteredField[], PARTIAL_ROWS),
  );
  return { form, access, where };
}

/**
 * One page of the form's partial responses for the results table, the last saved first, as this
 * reader may see them. Their time is when they were last saved; they have no number.
 */
export async function partialPage(
  ctx: TenantContext,
  formId: number,
  page: number,
  size: number,
  query: PartialQuery,
  alongside?: () => Promise<void>,
) {
  const { form, access, where } = await listedOf(ctx, formId, query);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ partial: formPartials, username: users.username })
      .from(formPartials)
      .leftJoin(users, eq(users.id, formPartials.userId))
      .where(where)
      .orderBy(desc(formPartials.updatedAt), desc(formPartials.id))
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ total: count() }).from(formPartials).where(where),
    alongside?.(),
  ]);
  const shown = (fieldId: string | null) =>
    fieldId !== null && (access.level !== "fields" || access.fieldIds.has(fieldId)) ? fieldId : null;
  // A form filled without script keeps its earlier pages' passwords until it is sent: never shown.
  const kept = new Set(
    readForm(form)
      .fields.filter(isKeptBeforeSending)
      .map((field) => field.id),
  );
  return {
    answerList: rows.map(({ partial, username }) =>
      visibleAnswer(presentPartial(partial, username, shown(partial.stoppedAt), kept), access),
    ),
    visibleFieldIds: access.level === "fields" ? [...access.fieldIds] : null,
    total: counted?.total ?? 0,
    page,
    size,
    nextCursor: null,
  };
}

/** How many partial responses the form's filters match, as the results table's count asks. */
export async function partialCount(
  ctx: TenantContext,
  formId: number,
  query: PartialQuery,
): Promise<{ total: number }> {
  const { where } = await listedOf(ctx, formId, query);
  const [row] = await ctx.db.select({ total: count() }).from(formPartials).where(where);
  return { total: row?.total ?? 0 };
}

type PartialRow = typeof formPartials.$inferSelect;

function presentPartial(
  row: PartialRow,
  username: string | null,
  stoppedAt: string | null,
  kept: ReadonlySet<string>,
): TAnswerView {
  return {
    id: row.id,
    number: null,
    formId: row.formId,
    startTime: row.startTime?.toISOString() ?? null,
    submitTime: row.updatedAt.toISOString(),
    formPassingTime: null,
    isViewed: true,
    username,
    answers: (row.answers as Array<{ fieldId: string; answer: unknown }>)
      .filter((answer) => kept.has(answer.fieldId))
      .map((answer) => ({ ...answer, formulaName: "" })),
    device: { type: "", os: "", browser: "", language: "", platform: "" },
    geo: null,
    score: null,
    result: null,
    fieldScores: null,
    tags: [],
    fieldComments: {},
    partial: { stoppedAt },
  };
}
