import { ZEventLog } from "@formloom/core/api/behavior";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import type { BehaviorEvent } from "@formloom/core/behavior";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { behaviorLogs } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { loadForm } from "../forms/service.ts";
import { behaviorPatternRoutes } from "./behavior-patterns.ts";
import { captureRoutes } from "./captures-routes.ts";
import { pageInteractionRoutes } from "./page-interactions.ts";
import { recognitionRoutes } from "./recognition-routes.ts";
import { sessionRecordingRoutes } from "./session-recordings.ts";
import { answerRow } from "./single-result.ts";

/**
 * The behaviour recorded while one submission was filled: the batches stored under its key, in
 * order. A reader limited to selected fields sees the events of those fields and the page's own
 * (pointer, hidden, shown), never another question's.
 */
export async function eventLog(ctx: TenantContext, formId: number, answerId: number) {
  const access = await answerAccess(ctx, await loadForm(ctx, formId));
  assertCanRead(access);
  const answer = await answerRow(ctx, formId, answerId);
  const rows = await ctx.db
    .select({ events: behaviorLogs.events })
    .from(behaviorLogs)
    .where(
      and(
        eq(behaviorLogs.accountId, ctx.accountId),
        eq(behaviorLogs.formId, formId),
        eq(behaviorLogs.submissionKey, answer.submissionKey),
      ),
    )
    .orderBy(asc(behaviorLogs.seq));
  const visible = (event: BehaviorEvent) =>
    access.level !== "fields" || event.field === undefined || access.fieldIds.has(event.field);
  return {
    batches: rows.length,
    events: rows.flatMap((row) => (row.events as BehaviorEvent[]).filter(visible)),
  };
}

/**
 * The routes of what was recorded: the event log, the behaviour patterns drawn from it, the visits,
 * the session recording and the video or audio capture.
 */
export function eventLogRoutes(app: FastifyInstance, deps: Deps): void {
  behaviorPatternRoutes(app, deps);
  pageInteractionRoutes(app, deps);
  sessionRecordingRoutes(app, deps);
  captureRoutes(app, deps);
  recognitionRoutes(app, deps);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/forms/:id/answer/:answerId/event-logs",
    {
      schema: {
        tags: ["answers"],
        description:
          "The behaviour the respondent's page recorded while this submission was filled (POST /api/forms/logger).",
        params: ZIdParams.extend({ answerId: ZRowId }),
        response: { 200: ZEventLog },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return eventLog(ctx, request.params.id, request.params.answerId);
    },
  );
}
