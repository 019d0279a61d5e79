import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  ZAnswerFaces,
  ZAnswerFieldsEmotions,
  ZFormFieldsEmotions,
  ZRecognitionBatch,
} from "@formloom/core/api/recognition";
import { RECOGNITION_LIMITS } from "@formloom/core/recognition";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { RECOGNITION_AFTER_SUBMISSION, RECOGNITION_UNCLAIMED, storeRecognition } from "./recognition.ts";
import { answerFaces, answerFieldsEmotions, formFieldsEmotions } from "./recognition-reads.ts";
import { pageSender } from "./respondent.ts";

export function recognitionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/forms/answer/recognition",
    {
      config: { public: true },
      bodyLimit: RECOGNITION_LIMITS.requestBytes,
      schema: {
        tags: ["public"],
        description:
          "What the respondent's page recognised on the camera's picture while each question was answered (faces " +
          "seen, the seven emotions' scores, age and gender of the largest face), per question: the samples, at " +
          `most ${RECOGNITION_LIMITS.samplesPerField} a question, replace the ones sent before for that question. ` +
          "`key` is the Idempotency-Key the submission is sent with, which joins the two. A sample with faces 0 " +
          "is a look that found no face. Only for forms that recognise faces, emotions or age and gender (403 " +
          "recognition.not_collected), with the respondent's capturing consent (403 recognition.consent_required); " +
          "questions of the form only (400 answer.unknown_field), each once (400 recognition.field_twice); limited " +
          "per respondent and address (429 recognition.rate_limited with Retry-After). Of the fillings no submission took " +
          `yet, an address keeps at most ${RECOGNITION_UNCLAIMED.unclaimedBytesPerAddress / 1024 / 1024} MB in a form a day ` +
          `(429 recognition.rate_limited) and a form at most ${RECOGNITION_UNCLAIMED.unclaimedBytesPerForm / 1024 / 1024} MB ` +
          `of the last ${RECOGNITION_UNCLAIMED.unclaimedMinutes} minutes (429 recognition.form_full, with Retry-After). ` +
          `A submitted filling's page may still send for ${RECOGNITION_AFTER_SUBMISSION.minutes} minutes after the ` +
          "submission (409 recognition.already_sent).",
        body: ZRecognitionBatch,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await storeRecognition(deps.db, request.body, await pageSender(deps, request));
      return reply.status(204).send(null);
    },
  );

  const params = ZIdParams.extend({ answerId: ZRowId });
  r.get(
    "/forms/:id/answer/:answerId/faces",
    {
      schema: {
        tags: ["answers"],
        description:
          "The faces, age and gender the respondent's page saw at each question of this submission, and over all " +
          "of them (overall: null when nothing was recognised). A reader limited to some fields sees those.",
        params,
        response: { 200: ZAnswerFaces },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return answerFaces(ctx, request.params.id, request.params.answerId);
    },
  );
  r.get(
    "/forms/:id/answer/:answerId/charts/fields-emotions",
    {
      schema: {
        tags: ["answers"],
        description:
          "Each question's emotions while it was answered in this submission: the timeline, the dominant emotion " +
          "and the element's expected emotion (userBehaviorSettings.expectedEmotion) with whether they match. " +
          "A reader limited to some fields sees those.",
        params,
        response: { 200: ZAnswerFieldsEmotions },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return answerFieldsEmotions(ctx, request.params.id, request.params.answerId);
    },
  );
  r.get(
    "/forms/:id/answers/charts/fields-emotions",
    {
      schema: {
        tags: ["answers"],
        description:
          "Each question's dominant emotions over the form's submissions: how many had each, how many showed no " +
          "face, and how many matched the expected emotion. A reader limited to some fields sees those.",
        params: ZIdParams,
        response: { 200: ZFormFieldsEmotions },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return formFieldsEmotions(ctx, request.params.id);
    },
  );
}
