import { ZAccount } from "@formloom/core/api/auth";
import { ZAccountEditBody, ZAccountResources, ZAccountResourcesQuery } from "@formloom/core/api/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { accountResources, editAccount } from "./service.ts";

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["account"];

  r.patch(
    "/account/edit",
    { schema: { tags, body: ZAccountEditBody, response: { 200: ZAccount } } },
    async (request) => editAccount(await requireTenant(deps, request, "account.edit"), request.body),
  );

  r.get(
    "/account/resources",
    { schema: { tags, querystring: ZAccountResourcesQuery, response: { 200: ZAccountResources } } },
    async (request) =>
      accountResources(await requireTenant(deps, request, "account.resources"), request.query),
  );
}
