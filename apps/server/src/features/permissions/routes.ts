import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  ZDataAccess,
  ZDataAccessBody,
  ZDataAccessList,
  ZPermissionCatalogue,
  ZPermissionSetBody,
  ZPermissionStatus,
} from "@formloom/core/api/permissions";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  formAccessList,
  getFormGroupAccess,
  groupAccessList,
  permissionCatalogue,
  permissionStatus,
  setFormGroupAccess,
  setPermissions,
} from "./service.ts";

/** Functional permissions per group, and data permissions per form and group (platform.md §6). */
export function permissionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["permissions"];
  // `id` is the group's on group routes and the form's on form routes.
  const idParams = ZIdParams;

  r.get(
    "/account/group/:id/permissions/list",
    { schema: { tags, params: idParams, response: { 200: ZPermissionCatalogue } } },
    async (request) =>
      permissionCatalogue(await requireTenant(deps, request, "groups.view"), request.params.id),
  );

  r.get(
    "/account/group/:id/permissions/status",
    { schema: { tags, params: idParams, response: { 200: ZPermissionStatus } } },
    async (request) => permissionStatus(await requireTenant(deps, request, "groups.view"), request.params.id),
  );

  r.post(
    "/account/group/:id/permissions/set",
    { schema: { tags, params: idParams, body: ZPermissionSetBody, response: { 200: ZPermissionStatus } } },
    async (request) =>
      setPermissions(
        await requireTenant(deps, request, "permissions.manage"),
        request.params.id,
        request.body.permissions,
      ),
  );

  r.get(
    "/account/group/:id/permissions/data",
    { schema: { tags, params: idParams, response: { 200: ZDataAccessList } } },
    async (request) =>
      groupAccessList(await requireTenant(deps, request, "permissions.manage"), request.params.id),
  );

  r.get(
    "/forms/:id/permissions",
    { schema: { tags, params: idParams, response: { 200: ZDataAccessList } } },
    async (request) =>
      formAccessList(await requireTenant(deps, request, "permissions.manage"), request.params.id),
  );

  const pairParams = ZIdParams.extend({ groupId: ZRowId });
  r.get(
    "/forms/:id/permissions/group/:groupId",
    { schema: { tags, params: pairParams, response: { 200: ZDataAccess } } },
    async (request) =>
      getFormGroupAccess(
        await requireTenant(deps, request, "permissions.manage"),
        request.params.id,
        request.params.groupId,
      ),
  );

  r.put(
    "/forms/:id/permissions/group/:groupId",
    { schema: { tags, params: pairParams, body: ZDataAccessBody, response: { 200: ZDataAccess } } },
    async (request) =>
      setFormGroupAccess(
        await requireTenant(deps, request, "permissions.manage"),
        request.params.id,
        request.params.groupId,
        request.body,
      ),
  );
}
