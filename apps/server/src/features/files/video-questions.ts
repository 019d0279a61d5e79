import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { type TVideoQuestionAnswers, ZVideoQuestionAnswers } from "@formloom/core/api/video-questions";
import { isMediaQuestionType } from "@formloom/core/media-questions";
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formAnswers, formFiles } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { readForm } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";

/**
 * Every submission's recording (or uploaded file) for one video or audio question, newest first,
 * a page at a time: for readers of that question's answers. Files leave with their submission.
 */
export async function videoQuestionAnswers(
  ctx: TenantContext,
  formId: number,
  fieldId: string,
  page: number,
  size: number,
): Promise<TVideoQuestionAnswers> {
  const row = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, row);
  assertCanRead(access);
  const field = readForm(row).fields.find((element) => element.id === fieldId);
  if (!field || !isMediaQuestionType(field.fieldType)) throw notFound("answer.unknown_field");
  if (access.level === "fields" && !access.fieldIds.has(fieldId)) throw forbidden("not_allowed");
  const where = and(
    eq(formFiles.accountId, ctx.accountId),
    eq(formFiles.formId, formId),
    eq(formFiles.fieldId, fieldId),
    isNotNull(formFiles.answerId),
  );
  const joined = and(eq(formAnswers.accountId, formFiles.accountId), eq(formAnswers.id, formFiles.answerId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        answerId: formAnswers.id,
        number: formAnswers.number,
        submitTime: formAnswers.submitTime,
        id: formFiles.id,
        name: formFiles.name,
        size: formFiles.size,
        mimeType: formFiles.mimeType,
      })
      .from(formFiles)
      .innerJoin(formAnswers, joined)
      .where(where)
      .orderBy(desc(formAnswers.submitTime), desc(formAnswers.id), formFiles.id)
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ total: count() }).from(formFiles).innerJoin(formAnswers, joined).where(where),
  ]);
  return {
    total: Number(total?.total ?? 0),
    answers: rows.map((item) => ({
      answerId: item.answerId,
      number: item.number,
      submitTime: new Date(item.submitTime).toISOString(),
      file: {
        id: item.id,
        url: `/api/forms/${formId}/files/${item.id}`,
        name: item.name,
        size: item.size,
        mimeType: item.mimeType,
      },
    })),
  };
}

export function videoQuestionRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/forms/:id/video-questions/:fieldId/:page/:size",
    {
      schema: {
        tags: ["answers"],
        description:
          "Every submission's recording or uploaded file for one video or audio question (hasVideoAudioQuestions), " +
          "newest first, `size` a page: the submission's id, number and time, and the file, played from " +
          "GET /api/forms/{id}/files/{fileId}. 404 answer.unknown_field when the field is no video or audio " +
          "question; 403 for a reader of other fields only.",
        params: ZIdParams.extend({
          fieldId: z.string().min(1).max(64),
          page: ZRowId,
          size: z.coerce.number().int().min(1).max(50),
        }),
        response: { 200: ZVideoQuestionAnswers },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, fieldId, page, size } = request.params;
      return videoQuestionAnswers(ctx, id, fieldId, page, size);
    },
  );
}
