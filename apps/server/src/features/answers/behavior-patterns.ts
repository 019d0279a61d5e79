import { ZAnswerSpider, ZSpiderList } from "@formloom/core/api/behavior-patterns";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import type { BehaviorEvent } from "@formloom/core/behavior";
import {
  BEHAVIOR_ATTRIBUTES,
  type BehaviorAttributes,
  behaviorAttributes,
  fieldTimes,
} from "@formloom/core/behavior-attributes";
import { timeAgainstExpected } from "@formloom/core/expected-time";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { behaviorLogs, formAnswers } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { questionTitle } from "../exports/columns.ts";
import { readableForm } from "../statistics/scope.ts";
import { answerRow } from "./single-result.ts";

/**
 * The events recorded under each of these submission keys, each key's batches in order. A reader
 * limited to selected fields gets the events of those fields and the page's own, as the event log
 * shows them, so nothing they measure comes from a question hidden from them.
 */
export async function eventsByKey(
  db: Db,
  form: { accountId: number; formId: number },
  keys: readonly string[],
  access?: AnswerAccess,
): Promise<Map<string, BehaviorEvent[]>> {
  const found = new Map<string, BehaviorEvent[]>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({ key: behaviorLogs.submissionKey, events: behaviorLogs.events })
    .from(behaviorLogs)
    .where(
      and(
        eq(behaviorLogs.accountId, form.accountId),
        eq(behaviorLogs.formId, form.formId),
        inArray(behaviorLogs.submissionKey, [...keys]),
      ),
    )
    .orderBy(asc(behaviorLogs.submissionKey), asc(behaviorLogs.seq));
  const visible = (event: BehaviorEvent) =>
    access?.level !== "fields" || event.field === undefined || access.fieldIds.has(event.field);
  for (const row of rows) {
    const events = found.get(row.key) ?? [];
    events.push(...(row.events as BehaviorEvent[]).filter(visible));
    found.set(row.key, events);
  }
  return found;
}

/** A submission's six attributes and each question's time against the author's expected time. */
export async function answerSpider(ctx: TenantContext, formId: number, answerId: number) {
  const form = await readableForm(ctx, formId);
  const row = await answerRow(ctx, formId, answerId);
  const events =
    (await eventsByKey(ctx.db, form, [row.submissionKey], form.access)).get(row.submissionKey) ?? [];
  const byId = new Map(form.fields.map((element) => [element.id, element]));
  const fields = fieldTimes(events).flatMap((time) => {
    const element = byId.get(time.field);
    if (!element) return [];
    const seconds = Math.round(time.ms / 100) / 10;
    return [
      {
        fieldId: element.id,
        question: questionTitle(element, true),
        seconds,
        visits: time.visits,
        minTime: element.userBehaviorSettings.minTime ?? null,
        maxTime: element.userBehaviorSettings.maxTime ?? null,
        outside: timeAgainstExpected(element, seconds),
      },
    ];
  });
  return {
    answerId: row.id,
    number: row.number,
    attributes: behaviorAttributes(events, form.fields),
    fields,
  };
}

function averageOf(measured: readonly BehaviorAttributes[]): BehaviorAttributes | null {
  if (measured.length === 0) return null;
  const mean = (name: keyof BehaviorAttributes) =>
    Math.round(measured.reduce((sum, item) => sum + item[name], 0) / measured.length);
  return Object.fromEntries(BEHAVIOR_ATTRIBUTES.map((name) => [name, mean(name)])) as BehaviorAttributes;
}

/** The attributes of one page of a form's submissions, newest first, to compare them on one chart. */
export async function spiderList(ctx: TenantContext, formId: number, page: number, size: number) {
  const form = await readableForm(ctx, formId);
  const ofForm = and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId));
  const [counted] = await ctx.db.select({ total: count() }).from(formAnswers).where(ofForm);
  const rows = await ctx.db
    .select({
      id: formAnswers.id,
      number: formAnswers.number,
      submitTime: formAnswers.submitTime,
      key: formAnswers.submissionKey,
    })
    .from(formAnswers)
    .where(ofForm)
    .orderBy(desc(formAnswers.submitTime), desc(formAnswers.id))
    .limit(size)
    .offset((page - 1) * size);
  const events = await eventsByKey(
    ctx.db,
    form,
    rows.map((row) => row.key),
    form.access,
  );
  const submissions = rows.map((row) => ({
    answerId: row.id,
    number: row.number,
    submitTime: row.submitTime.toISOString(),
    attributes: behaviorAttributes(events.get(row.key) ?? [], form.fields),
  }));
  return {
    total: counted?.total ?? 0,
    average: averageOf(submissions.flatMap((item) => (item.attributes ? [item.attributes] : []))),
    submissions,
  };
}

export function behaviorPatternRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/forms/:id/answer/:answerId/spider",
    {
      schema: {
        tags: ["answers"],
        description:
          "The submission's behaviour pattern: the six behavioural attributes (energetic, efficiency, hesitation, " +
          "distraction, unfocused, rage; 0–100, formulas in docs/behaviour.md) computed from the events its page " +
          "recorded (POST /api/forms/logger), and each question's time with the focus against the element's " +
          "userBehaviorSettings minTime and maxTime. `attributes` is null when nothing was recorded.",
        params: ZIdParams.extend({ answerId: ZRowId }),
        response: { 200: ZAnswerSpider },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return answerSpider(ctx, request.params.id, request.params.answerId);
    },
  );
  r.get(
    "/forms/:id/answer/list/spider/:page/:size",
    {
      schema: {
        tags: ["answers"],
        description:
          "The behavioural attributes of one page of the form's submissions (newest first, `page` from 1, `size` " +
          "up to 100), to compare them on one spider chart, with the mean of the measured ones.",
        params: ZIdParams.extend({ page: ZRowId, size: z.coerce.number().int().min(1).max(100) }),
        response: { 200: ZSpiderList },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, page, size } = request.params;
      return spiderList(ctx, id, page, size);
    },
  );
}
