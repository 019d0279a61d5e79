import { ZAnswerDetail } from "@formloom/core/api/answers";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { ZAnswerAdditional, ZAnswerCalc, ZPrevNext } from "@formloom/core/api/single-result";
import type { TElement } from "@formloom/core/element-schema";
import { timeAgainstExpected } from "@formloom/core/expected-time";
import { fieldScore } from "@formloom/core/scoring";
import type { StoredAnswer } from "@formloom/core/submission";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { formAnswers } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { questionTitle } from "../exports/columns.ts";
import { type ReadableForm, readableForm } from "../statistics/scope.ts";
import { getAnswer } from "./service.ts";

/** What one page of a single result needs: the submission's row, within the reader's account and form. */
export async function answerRow(ctx: TenantContext, formId: number, answerId: number) {
  const [row] = await ctx.db
    .select()
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, ctx.accountId),
        eq(formAnswers.formId, formId),
        eq(formAnswers.id, answerId),
      ),
    );
  if (!row) throw notFound("answer.not_found");
  return row;
}

/**
 * The submission a form's own number names, as the results table and the page's address show it.
 * Numbers are not reused, but rows loaded in bulk may share one: the first stored wins.
 */
export async function answerIdOfNumber(ctx: TenantContext, formId: number, number: number) {
  const [row] = await ctx.db
    .select({ id: formAnswers.id })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, ctx.accountId),
        eq(formAnswers.formId, formId),
        eq(formAnswers.number, number),
      ),
    )
    .orderBy(asc(formAnswers.id))
    .limit(1);
  if (!row) throw notFound("answer.not_found");
  return row.id;
}

/**
 * The submissions next to one in the results table's order, newest first by the form's own
 * number (then id): prev is the next newer, next the next older. Submissions sent at the same
 * moment take their numbers in the order they were stored, not the order of their submit times,
 * so stepping by time would skip around the table. Every reader of the form sees all its rows.
 */
export async function prevNext(ctx: TenantContext, formId: number, answerId: number) {
  await readableForm(ctx, formId);
  await answerRow(ctx, formId, answerId);
  const key = sql`("form_answers"."number", "form_answers"."id")`;
  const current = sql`(select "number", "id" from "form_answers" where "account_id" = ${ctx.accountId} and "id" = ${answerId})`;
  const ofForm = and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId));
  const [[newer], [older]] = await Promise.all([
    ctx.db
      .select({ id: formAnswers.id, number: formAnswers.number })
      .from(formAnswers)
      .where(and(ofForm, sql`${key} > ${current}`))
      .orderBy(asc(formAnswers.number), asc(formAnswers.id))
      .limit(1),
    ctx.db
      .select({ id: formAnswers.id, number: formAnswers.number })
      .from(formAnswers)
      .where(and(ofForm, sql`${key} < ${current}`))
      .orderBy(desc(formAnswers.number), desc(formAnswers.id))
      .limit(1),
  ]);
  return {
    prev: newer?.id ?? null,
    next: older?.id ?? null,
    prevNumber: newer?.number ?? null,
    nextNumber: older?.number ?? null,
  };
}

const given = (row: { answers: unknown }) =>
  new Map((row.answers as StoredAnswer[]).map((answer) => [answer.fieldId, answer]));

/**
 * The calculations behind a submission: each question's points by core's fieldScore against the
 * form as it is now, with the total and the result view's outcome stored when it was sent. A
 * reader of selected fields sees those fields' points only, never the total or the outcome.
 */
export async function answerCalc(ctx: TenantContext, formId: number, answerId: number) {
  const form = await readableForm(ctx, formId);
  const row = await answerRow(ctx, formId, answerId);
  const answers = given(row);
  const fields = form.fields.map((element: TElement) => ({
    fieldId: element.id,
    question: questionTitle(element, true),
    ...fieldScore(element, answers.get(element.id)?.answer),
  }));
  const whole = form.access.level !== "fields";
  return {
    score: whole ? row.score : null,
    maxScore: Math.round(fields.reduce((sum, field) => sum + field.max, 0) * 1e6) / 1e6,
    result: whole ? (row.result ?? null) : null,
    fields,
  };
}

function pathArgsOf(miscData: unknown): Record<string, string> {
  const args = (miscData as { pathArgs?: unknown } | null)?.pathArgs;
  if (!args || typeof args !== "object") return {};
  return Object.fromEntries(
    Object.entries(args as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** Where and on what a submission was sent, the link's arguments, and how long it took. */
export async function answerAdditional(ctx: TenantContext, formId: number, answerId: number) {
  const form: ReadableForm = await readableForm(ctx, formId);
  const row = await answerRow(ctx, formId, answerId);
  const answers = given(row);
  const answeringTimes = form.fields.flatMap((element) => {
    const seconds = answers.get(element.id)?.answeringTime;
    return seconds === undefined
      ? []
      : [
          {
            fieldId: element.id,
            question: questionTitle(element, true),
            seconds,
            minTime: element.userBehaviorSettings.minTime ?? null,
            maxTime: element.userBehaviorSettings.maxTime ?? null,
            outside: timeAgainstExpected(element, seconds),
          },
        ];
  });
  return {
    geo: (row.geo as never) ?? null,
    device: row.device as never,
    pathArgs: pathArgsOf(row.miscData),
    startTime: row.startTime?.toISOString() ?? null,
    submitTime: row.submitTime.toISOString(),
    formPassingTime: row.formPassingTime,
    answeringTimes,
  };
}

export function singleResultRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = ZIdParams.extend({ answerId: ZRowId });

  /** One view of a single submission, read by a reader of the form's results. */
  const viewRoute = <Response extends z.ZodType>(
    view: string,
    description: string,
    response: Response,
    read: (ctx: TenantContext, formId: number, answerId: number) => Promise<z.input<Response>>,
  ) =>
    r.get(
      `/forms/:id/answer/:answerId/${view}`,
      // Widened to a plain schema for Fastify; read's type is already tied to it above.
      { schema: { tags: ["answers"], description, params, response: { 200: response as z.ZodType } } },
      async (request) => {
        const ctx = await requireTenant(deps, request, "results.view");
        return read(ctx, request.params.id, request.params.answerId);
      },
    );

  r.get(
    "/forms/:id/results/:number",
    {
      schema: {
        tags: ["answers"],
        description: "One submission by the form's own number, the one the results table shows as #12.",
        params: ZIdParams.extend({ number: ZRowId }),
        response: { 200: ZAnswerDetail },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, number } = request.params;
      // Asking the reader's access first: a number's existence is no answer to a stranger.
      await readableForm(ctx, id);
      return getAnswer(ctx, id, await answerIdOfNumber(ctx, id, number));
    },
  );

  viewRoute(
    "prev-next",
    "The submissions before and after this one in the results' default order (newest first).",
    ZPrevNext,
    prevNext,
  );
  viewRoute(
    "calc",
    "The submission's score, its result view's outcome and each question's points.",
    ZAnswerCalc,
    answerCalc,
  );
  viewRoute(
    "additional",
    "Where and on what device the submission was sent, the link's arguments and its timing.",
    ZAnswerAdditional,
    answerAdditional,
  );
}
