import { ZIdParams } from "@formloom/core/api/ids";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, optionalUser, requireTenant } from "../../http/context.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { respondentOf } from "../answers/respondent.ts";
import { FILE_LINK_DAYS, fileLinkReader } from "./file-links.ts";
import { readFile, uploadFile } from "./uploads.ts";
import { videoQuestionRoutes } from "./video-questions.ts";

const ZUploaded = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
});

export function fileRoutes(app: FastifyInstance, deps: Deps, storage: FileStorage): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  videoQuestionRoutes(app, deps);

  r.post(
    "/forms/upload_file",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "A respondent's file for a file, image, photo, audio or video field of a published form (multipart: fields " +
          "formId, fieldId and key, or the same names in the query, then the file). `key` names the filling the " +
          "file belongs to: the Idempotency-Key its submission will be sent with (400 upload.filling_required " +
          "without one); a filling not yet reported begins with its first file. The type is read from the bytes " +
          "and must be one the field accepts; the size must be within the field's limit. Answers the upload id " +
          "the submission's answer then refers to ({ id, url, name, size, mimeType }). Limited per respondent " +
          "and per address, and, of the files no submission took yet, per filling and per address in the form " +
          "(429 upload.rate_limited); and per form while such files of the last 30 minutes pile up " +
          "(429 upload.form_full). Both say when to try again in Retry-After.",
        querystring: z.object({
          formId: z.string().max(12).optional(),
          fieldId: z.string().max(64).optional(),
          key: z.string().max(200).optional(),
        }),
        response: { 201: ZUploaded },
      },
    },
    async (request, reply) => {
      const visitor = request.headers.authorization
        ? await optionalUser(deps, request).catch(() => undefined)
        : undefined;
      const stored = await uploadFile(deps.db, storage, request, visitor, deps.settings.uploadMaxBytes, {
        ip: request.ip,
        respondent: respondentOf(request),
      });
      return reply.status(201).send(stored);
    },
  );

  r.get(
    "/forms/:id/files/:fileId",
    {
      // A link from an export opens the file without a sign-in token; any other call needs one.
      config: { publicWithLink: true },
      schema: {
        tags: ["answers"],
        description:
          "A file a submission holds, as a download, for users who may see the form's results. Without a sign-in " +
          "token, `link` (as an export or a notification e-mail writes it) opens the file for the reader it was made for, for " +
          `${FILE_LINK_DAYS} days while they may still read it (401 file.link_invalid otherwise).`,
        params: ZIdParams.extend({ fileId: z.string().regex(/^[0-9a-f]{32}$/) }),
        querystring: z.object({ link: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { link } = request.query;
      const ctx =
        link !== undefined && !request.headers.authorization && !request.headers["x-api-key"]
          ? await fileLinkReader(
              deps.db,
              deps.settings.jwtSecret,
              request.params.id,
              request.params.fileId,
              link,
            )
          : await requireTenant(deps, request, "results.view");
      const file = await readFile(ctx, storage, request.params.id, request.params.fileId);
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", file.disposition)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store")
        .send(file.bytes);
    },
  );
}
