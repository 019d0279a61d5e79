import {
  ZAccountUser,
  ZGroup,
  ZGroupCreateBody,
  ZGroupEditBody,
  ZGroupUsersBody,
  ZGroupWithUsers,
} from "@formloom/core/api/groups";
import { ZIdParams } from "@formloom/core/api/ids";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  accountUsers,
  addGroupUsers,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  removeGroupUsers,
  renameGroup,
} from "./service.ts";

/** The calls of platform.md §7 "Groups", under /account/group. */
export function groupRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["groups"];
  const params = ZIdParams;

  r.get(
    "/account/users",
    { schema: { tags: ["users"], response: { 200: z.object({ users: z.array(ZAccountUser) }) } } },
    async (request) => ({
      users: await accountUsers(await requireTenant(deps, request, "users.view")),
    }),
  );

  r.post(
    "/account/group/create",
    { schema: { tags, body: ZGroupCreateBody, response: { 201: ZGroup } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "groups.manage");
      return reply.status(201).send(await createGroup(ctx, request.body.groupName));
    },
  );

  r.get(
    "/account/group/list",
    { schema: { tags, response: { 200: z.object({ groups: z.array(ZGroup) }) } } },
    async (request) => ({
      groups: await listGroups(await requireTenant(deps, request, "groups.view")),
    }),
  );

  r.get(
    "/account/group/:id",
    { schema: { tags, params, response: { 200: ZGroupWithUsers } } },
    async (request) => getGroup(await requireTenant(deps, request, "groups.view"), request.params.id),
  );

  r.post(
    "/account/group/:id/edit",
    { schema: { tags, params, body: ZGroupEditBody, response: { 200: ZGroupWithUsers } } },
    async (request) =>
      renameGroup(await requireTenant(deps, request, "groups.manage"), request.params.id, request.body.name),
  );

  r.post(
    "/account/group/:id/delete",
    { schema: { tags, params, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteGroup(await requireTenant(deps, request, "groups.manage"), request.params.id);
      return { deleted: true as const };
    },
  );

  r.post(
    "/account/group/:id/users/add",
    {
      config: { sessionOnly: true },
      schema: { tags, params, body: ZGroupUsersBody, response: { 200: ZGroupWithUsers } },
    },
    async (request) =>
      addGroupUsers(
        await requireTenant(deps, request, "groups.manage"),
        request.params.id,
        request.body.userIds,
      ),
  );

  r.post(
    "/account/group/:id/users/remove",
    {
      config: { sessionOnly: true },
      schema: { tags, params, body: ZGroupUsersBody, response: { 200: ZGroupWithUsers } },
    },
    async (request) =>
      removeGroupUsers(
        await requireTenant(deps, request, "groups.manage"),
        request.params.id,
        request.body.userIds,
      ),
  );
}
