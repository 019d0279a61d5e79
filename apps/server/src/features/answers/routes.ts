import {
  ZAnswerDetail,
  ZAnswerIdsBody,
  ZAnswerPage,
  ZAnswerPageQuery,
  ZSubmissionAccepted,
} from "@formloom/core/api/answers";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { ZSubmission } from "@formloom/core/submission";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, optionalUser, requireTenant } from "../../http/context.ts";
import { removeOrphanFiles } from "../files/uploads.ts";
import { respondentOf } from "./respondent.ts";
import { answerPage, deleteAnswers, getAnswer, setViewed } from "./service.ts";
import type { Submissions } from "./submit.ts";

/** A client's name for one submission: printable ASCII, as the Idempotency-Key header carries. */
const ZIdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, "submission.key.invalid")
  .optional()
  .describe("Sent again with a retry, the same submission is stored once and answered with 200.");

export function answerRoutes(app: FastifyInstance, deps: Deps, submissions: Submissions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["answers"];
  const params = ZIdParams;

  r.post(
    "/forms/answer",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "A respondent's submission (no sign-in needed unless the form is limited to registered users).",
        headers: z.looseObject({ "idempotency-key": ZIdempotencyKey }),
        body: ZSubmission,
        response: { 200: ZSubmissionAccepted, 201: ZSubmissionAccepted },
      },
    },
    async (request, reply) => {
      const visitor = request.headers.authorization
        ? await optionalUser(deps, request).catch(() => undefined)
        : undefined;
      const { replayed, ...accepted } = await submissions.submit(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        acceptLanguage: request.headers["accept-language"],
        visitor,
        respondent: respondentOf(request),
        idempotencyKey: request.headers["idempotency-key"],
      });
      return reply.status(replayed ? 200 : 201).send(accepted);
    },
  );

  r.get(
    "/forms/:id/answer/paginated/:page/:size",
    {
      schema: {
        tags,
        params: params.extend({ page: ZRowId, size: z.coerce.number().int().min(1).max(500) }),
        querystring: ZAnswerPageQuery,
        response: { 200: ZAnswerPage },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, page, size } = request.params;
      return answerPage(ctx, id, page, size, request.query);
    },
  );

  r.get(
    "/forms/:id/answer/:answerId",
    { schema: { tags, params: params.extend({ answerId: ZRowId }), response: { 200: ZAnswerDetail } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return getAnswer(ctx, request.params.id, request.params.answerId);
    },
  );

  for (const state of ["read", "unread"] as const) {
    r.patch(
      `/forms/:id/answer/status/${state}`,
      {
        schema: { tags, params, body: ZAnswerIdsBody, response: { 200: z.object({ updated: z.number() }) } },
      },
      async (request) => {
        const ctx = await requireTenant(deps, request, "results.mark");
        return setViewed(ctx, request.params.id, request.body.answerIds, state === "read");
      },
    );
  }

  r.delete(
    "/forms/:id/answer",
    { schema: { tags, params, body: ZAnswerIdsBody, response: { 200: z.object({ deleted: z.number() }) } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.delete");
      const deleted = await deleteAnswers(ctx, request.params.id, request.body.answerIds);
      // The deleted submissions' files go with them.
      await removeOrphanFiles(deps.db, deps.storage, request.params.id);
      return deleted;
    },
  );
}
