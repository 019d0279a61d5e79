import { ZEmbedding, ZEmbeddingBody, ZEmbeddingParams } from "@formloom/core/api/embeddings";
import { ZIdParams } from "@formloom/core/api/ids";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  createEmbedding,
  deleteEmbedding,
  editEmbedding,
  getEmbedding,
  listEmbeddings,
} from "./embeddings.ts";

/**
 * /forms/{id}/embeddings: how a form is placed on other sites. Reading them is seeing the form;
 * changing them is editing it.
 */
export function publishingRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["publishing"];
  const params = ZEmbeddingParams;

  r.get(
    "/forms/:id/embeddings",
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ embeddings: z.array(ZEmbedding) }) } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.view");
      return { embeddings: await listEmbeddings(ctx, request.params.id) };
    },
  );
  r.post(
    "/forms/:id/embeddings",
    { schema: { tags, params: ZIdParams, body: ZEmbeddingBody, response: { 201: ZEmbedding } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      return reply.status(201).send(await createEmbedding(ctx, request.params.id, request.body));
    },
  );
  r.get(
    "/forms/:id/embeddings/:embeddingId",
    { schema: { tags, params, response: { 200: ZEmbedding } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.view");
      return getEmbedding(ctx, request.params.id, request.params.embeddingId);
    },
  );
  r.put(
    "/forms/:id/embeddings/:embeddingId",
    { schema: { tags, params, body: ZEmbeddingBody, response: { 200: ZEmbedding } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      return editEmbedding(ctx, request.params.id, request.params.embeddingId, request.body);
    },
  );
  r.delete(
    "/forms/:id/embeddings/:embeddingId",
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      await deleteEmbedding(ctx, request.params.id, request.params.embeddingId);
      return reply.status(204).send(null);
    },
  );
}
