import { ZAnswerCursorQuery, ZNextCursor } from "@formloom/core/api/answer-cursor";
import {
  ZAnswerCount,
  ZAnswerCountQuery,
  ZAnswerDetail,
  ZAnswerIdsBody,
  ZAnswerList,
  ZAnswerPage,
  ZAnswerPageQuery,
  ZSubmissionAccepted,
} from "@formloom/core/api/answers";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  ZAnswerNotes,
  ZResultsColumns,
  ZTagList,
  ZUpdateCommentBody,
  ZUpdateFieldScoreBody,
  ZUpdateScoreBody,
  ZUpdateTagsBody,
} from "@formloom/core/api/results-table";
import { ZSubmission } from "@formloom/core/submission";
import { TIME_OVER_GRACE_SECONDS } from "@formloom/core/time-limits";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, optionalUser, requireTenant, type TenantContext } from "../../http/context.ts";
import { badRequest, invalidField } from "../../http/errors.ts";
import { removeOrphanFiles } from "../files/uploads.ts";
import { continueChain, takeChainToken } from "../form-chains/respondent.ts";
import { markResultsSeen } from "../statistics/recent-new.ts";
import {
  accountAnswerTags,
  accountFormTags,
  getColumns,
  saveColumns,
  updateComment,
  updateFieldScore,
  updateScore,
  updateTags,
} from "./notes.ts";
import { partialCount, partialPage } from "./partials.ts";
import { respondentOf } from "./respondent.ts";
import { answerCount, answerPage, deleteAnswers, getAnswer, setViewed } from "./service.ts";
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
          "A respondent's submission (no sign-in needed unless the form is limited to registered users). " +
          "On a form with a time limit, a filling whose beginning was reported (POST /forms/start under the " +
          "same Idempotency-Key) counts its time from then, by the server's clock: answers sent more than " +
          `${TIME_OVER_GRACE_SECONDS} seconds after the limit are refused` +
          " (403 submission.time_over), and the passing time stored " +
          "is never less than the time measured.",
        headers: z.looseObject({ "idempotency-key": ZIdempotencyKey }),
        querystring: z.object({
          form: ZRowId.optional().describe(
            "The form's id again, as the public form page sends it: in the address, a load balancer can send one form's submissions to one server process (README, Running at scale). When given, it must be the body's formId.",
          ),
        }),
        body: ZSubmission,
        response: { 200: ZSubmissionAccepted, 201: ZSubmissionAccepted },
      },
    },
    async (request, reply) => {
      if (request.query.form !== undefined && request.query.form !== request.body.formId)
        throw invalidField("submission.form_mismatch", "form");
      const visitor = request.headers.authorization
        ? await optionalUser(deps, request).catch(() => undefined)
        : undefined;
      const chainToken = takeChainToken(request.body.miscData);
      const { replayed, chained, ...accepted } = await submissions.submit(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        acceptLanguage: request.headers["accept-language"],
        visitor,
        respondent: respondentOf(request),
        idempotencyKey: request.headers["idempotency-key"],
        onGeoError: (error) => request.log.warn({ err: error }, "the GeoIP database could not be read"),
      });
      // Only a form in a chain has a next form (the statement that stored the submission says so).
      const chainNext = chained
        ? await continueChain(deps.db, deps.secrets, request.body.formId, accepted.id, chainToken)
        : null;
      return reply.status(replayed ? 200 : 201).send({ ...accepted, chainNext });
    },
  );

  r.get(
    "/forms/:id/next-submission",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "When the caller may send this form again under its time between submissions; null when now.",
        params,
        response: { 200: z.object({ submitAfter: z.string().nullable() }) },
      },
    },
    async (request) => {
      const visitor = request.headers.authorization
        ? await optionalUser(deps, request).catch(() => undefined)
        : undefined;
      const submitAfter = await submissions.nextSubmission(request.params.id, {
        visitor,
        respondent: respondentOf(request),
        ip: request.ip,
      });
      return { submitAfter };
    },
  );

  r.get(
    "/forms/:id/answer/paginated/:page/:size",
    {
      schema: {
        tags,
        params: params.extend({ page: ZRowId, size: z.coerce.number().int().min(1).max(500) }),
        querystring: ZAnswerPageQuery.extend(ZAnswerCursorQuery.shape),
        response: { 200: ZAnswerPage.extend(ZNextCursor.shape) },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, page, size } = request.params;
      const askedAt = new Date();
      // The caller has looked at the form's results: what comes in after is new to them. Written
      // beside the page's own reads, once the form and the reader's access are known.
      const seen = () => markResultsSeen(ctx, id, askedAt);
      return request.query.status === "partial"
        ? partialPage(ctx, id, page, size, request.query, seen)
        : answerPage(ctx, id, page, size, request.query, seen);
    },
  );

  r.get(
    "/forms/:id/answer",
    {
      schema: {
        tags,
        description:
          "Every submission the filters match, in one answer and in the pages' order. A form of more than EXPORT_JOB_THRESHOLD matching submissions is refused with answers.too_many: read it page by page, or export it.",
        params,
        querystring: ZAnswerPageQuery,
        response: { 200: ZAnswerList },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const most = deps.settings.exportJobThreshold;
      // One past the most tells a list that is too long without counting it first.
      const read = request.query.status === "partial" ? partialPage : answerPage;
      const { answerList, visibleFieldIds } = await read(ctx, request.params.id, 1, most + 1, {
        ...request.query,
        withTotal: "false",
      });
      if (answerList.length > most) throw badRequest("answers.too_many");
      return { answerList, visibleFieldIds, total: answerList.length };
    },
  );

  r.get(
    "/forms/:id/answer/count",
    { schema: { tags, params, querystring: ZAnswerCountQuery, response: { 200: ZAnswerCount } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      if (request.query.status === "partial") return partialCount(ctx, request.params.id, request.query);
      return answerCount(ctx, request.params.id, request.query);
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
      const deleted = await deleteAnswers(ctx, deps.storage, request.params.id, request.body.answerIds);
      // The deleted submissions' files go with them (their captures went in deleteAnswers).
      await removeOrphanFiles(deps.db, deps.storage, request.params.id);
      return deleted;
    },
  );

  const answerParams = params.extend({ answerId: ZRowId });

  /** A reader's note on one submission (its tags, score or a field's score or comment), under results.mark. */
  const noteRoute = <Body extends z.ZodType>(
    action: string,
    description: string | undefined,
    body: Body,
    save: (
      ctx: TenantContext,
      formId: number,
      answerId: number,
      body: z.infer<Body>,
    ) => Promise<z.infer<typeof ZAnswerNotes>>,
  ) =>
    r.post(
      `/forms/:id/answers/:answerId/${action}`,
      {
        schema: {
          tags,
          ...(description === undefined ? {} : { description }),
          params: answerParams,
          body,
          response: { 200: ZAnswerNotes },
        },
      },
      async (request) => {
        const ctx = await requireTenant(deps, request, "results.mark");
        return save(ctx, request.params.id, request.params.answerId, request.body as z.infer<Body>);
      },
    );

  noteRoute("update-tags", undefined, ZUpdateTagsBody, (ctx, formId, answerId, body) =>
    updateTags(ctx, formId, answerId, body.tags),
  );
  noteRoute(
    "update-score",
    "Sets the submission's total by hand; null clears it.",
    ZUpdateScoreBody,
    (ctx, formId, answerId, body) => updateScore(ctx, formId, answerId, body.score),
  );
  noteRoute(
    "update-field-score",
    "Sets one field's points; the total moves by the difference.",
    ZUpdateFieldScoreBody,
    (ctx, formId, answerId, { field, score }) => updateFieldScore(ctx, formId, answerId, field, score),
  );
  noteRoute(
    "update-comment",
    "A reader's comment on one field's answer; an empty comment removes it.",
    ZUpdateCommentBody,
    (ctx, formId, answerId, { field, comment }) => updateComment(ctx, formId, answerId, field, comment),
  );

  r.get(
    "/forms/answer-tags/account",
    {
      schema: {
        tags,
        description: "The tags used on the submissions this reader may read.",
        response: { 200: ZTagList },
      },
    },
    async (request) => accountAnswerTags(await requireTenant(deps, request, "results.view")),
  );

  r.get(
    "/forms/tags/account",
    {
      schema: {
        tags: ["forms"],
        description: "The thematic tags of the account's forms.",
        response: { 200: ZTagList },
      },
    },
    async (request) => accountFormTags(await requireTenant(deps, request, "forms.view")),
  );

  r.get(
    "/forms/:id/results-columns",
    {
      schema: {
        tags,
        description: "The results table's columns as the caller arranged them for this form ([] when never).",
        params,
        response: { 200: ZResultsColumns },
      },
    },
    async (request) => getColumns(await requireTenant(deps, request, "results.view"), request.params.id),
  );

  r.put(
    "/forms/:id/results-columns",
    { schema: { tags, params, body: ZResultsColumns, response: { 200: ZResultsColumns } } },
    async (request) =>
      saveColumns(await requireTenant(deps, request, "results.view"), request.params.id, request.body),
  );
}
