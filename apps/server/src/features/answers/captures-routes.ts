import { ZAnswerCapture, ZCaptureChunkStored } from "@formloom/core/api/captures";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { CAPTURE_LIMITS } from "@formloom/core/capture";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { CAPTURE_UNCLAIMED, captureMedia, readCapture, storeCaptureChunk } from "./captures.ts";
import { pageSender } from "./respondent.ts";

export function captureRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/forms/answer/upload_capture",
    {
      config: { public: true },
      bodyLimit: CAPTURE_LIMITS.chunkBytes + 64 * 1024,
      schema: {
        tags: ["public"],
        description:
          "One chunk of the video or audio a respondent's page records (MediaRecorder) while the form is filled " +
          "(multipart: fields formId, key, seq and capturingConfirmOptions, a JSON array of the consent options " +
          "ticked, then the chunk as a file). `key` is the Idempotency-Key the submission is sent with, which " +
          "joins the two; `seq` is the chunk's place, from 0: chunks may arrive in any order and are played in " +
          "theirs, and a chunk sent again is kept once (answered with stored: false), so a page resumes by " +
          "sending again what it is not sure of. The first chunk must be a recorder's container (400 " +
          "capture.invalid_chunk). Only for forms that capture video or audio (403 capture.not_collected) and " +
          "with the respondent's capturing consent (403 capture.consent_required). A chunk takes at most " +
          `${CAPTURE_LIMITS.chunkBytes / 1024 / 1024} MB and a filling's chunks together at most the server's ` +
          "CAPTURE_MAX_MB (413 capture.too_large); limited per respondent and address (429 " +
          "capture.rate_limited with Retry-After). Of the fillings no submission took yet, an address keeps at " +
          `most ${CAPTURE_UNCLAIMED.unclaimedBytesPerAddress / 1024 / 1024} MB in a form a day (429 ` +
          `capture.rate_limited) and a form at most ${CAPTURE_UNCLAIMED.unclaimedBytesPerForm / 1024 / 1024} MB ` +
          `of the last ${CAPTURE_UNCLAIMED.unclaimedMinutes} minutes (429 capture.form_full, with Retry-After).`,
        querystring: z.object({
          formId: z.string().max(12).optional(),
          key: z.string().max(200).optional(),
          seq: z.string().max(8).optional(),
        }),
        response: { 200: ZCaptureChunkStored },
      },
    },
    async (request) => {
      return storeCaptureChunk(
        deps.db,
        deps.storage,
        request,
        await pageSender(deps, request),
        deps.settings.captureMaxBytes,
      );
    },
  );

  const params = ZIdParams.extend({ answerId: ZRowId });
  r.get(
    "/forms/:id/answer/:answerId/capture",
    {
      schema: {
        tags: ["answers"],
        description:
          "What was captured of this submission's filling with the respondent's consent: the type, chunks and " +
          "size (capture: null when nothing was). It shows the respondent at every question, so a reader " +
          "limited to some fields is refused (403).",
        params,
        response: { 200: ZAnswerCapture },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return readCapture(ctx, request.params.id, request.params.answerId);
    },
  );

  r.get(
    "/forms/:id/answer/:answerId/capture/media",
    {
      schema: {
        tags: ["answers"],
        description:
          "The captured video or audio itself, its chunks in order, to play (404 when nothing was captured); " +
          "for readers of the whole submission (403 otherwise).",
        params,
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const media = await captureMedia(ctx, deps.storage, request.params.id, request.params.answerId);
      return reply
        .header("content-type", media.mimeType)
        .header("content-length", media.size)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store")
        .send(media.stream);
    },
  );
}
