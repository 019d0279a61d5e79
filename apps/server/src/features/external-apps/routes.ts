import { ZExternalApp, ZExternalAppBody, ZExternalAppCreated } from "@formloom/core/api/external-apps";
import { ZIdParams } from "@formloom/core/api/ids";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  createExternalApp,
  deleteExternalApp,
  editExternalApp,
  getExternalApp,
  listExternalApps,
} from "./service.ts";

/** Tokens for external apps (platform.md §3, §5): made and managed from a signed-in session only. */
export function externalAppRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["external apps"];
  const params = ZIdParams;
  // Tokens and keys are made and changed by a person signed in, never by another token.
  const config = { sessionOnly: true };
  const allowed = (request: Parameters<typeof requireTenant>[1]) =>
    requireTenant(deps, request, "external_apps.manage");

  r.post(
    "/external-apps",
    { config, schema: { tags, body: ZExternalAppBody, response: { 201: ZExternalAppCreated } } },
    async (request, reply) =>
      reply.status(201).send(await createExternalApp(await allowed(request), request.body)),
  );

  r.get(
    "/external-apps",
    { config, schema: { tags, response: { 200: z.object({ apps: z.array(ZExternalApp) }) } } },
    async (request) => ({ apps: await listExternalApps(await allowed(request)) }),
  );

  r.get(
    "/external-apps/:id",
    { config, schema: { tags, params, response: { 200: ZExternalApp } } },
    async (request) => getExternalApp(await allowed(request), request.params.id),
  );

  r.post(
    "/external-apps/:id/edit",
    { config, schema: { tags, params, body: ZExternalAppBody, response: { 200: ZExternalApp } } },
    async (request) => editExternalApp(await allowed(request), request.params.id, request.body),
  );

  r.post(
    "/external-apps/:id/delete",
    { config, schema: { tags, params, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteExternalApp(await allowed(request), request.params.id);
      return { deleted: true as const };
    },
  );
}
