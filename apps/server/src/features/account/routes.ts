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
    {
      schema: {
        tags,
        description:
          "Changes the account's name, type and `recordingsRetentionDays`: how many days (1–3650) what is " +
          "recorded of respondents (session recordings, video and audio captures, behaviour events and " +
          "page interactions, on-device recognition) is kept before the clean-up removes it; null keeps it as " +
          "long as the submission (the default). The submissions and their answers are kept. Account admins " +
          "only (403 not_allowed); a retention out of range is refused (400 account.retention.invalid).",
        body: ZAccountEditBody,
        response: { 200: ZAccount },
      },
    },
    async (request) => editAccount(await requireTenant(deps, request, "account.edit"), request.body),
  );

  r.get(
    "/account/resources",
    { schema: { tags, querystring: ZAccountResourcesQuery, response: { 200: ZAccountResources } } },
    async (request) =>
      accountResources(await requireTenant(deps, request, "account.resources"), request.query),
  );
}
