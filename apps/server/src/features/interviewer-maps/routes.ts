import { ZIdParams } from "@formloom/core/api/ids";
import {
  ZActivityQuery,
  ZArea,
  ZAreaInput,
  ZInterviewerActivity,
  ZInterviewerAreas,
} from "@formloom/core/api/interviewer-maps";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { activityOf, daysAsked } from "./activity.ts";
import { areasOf, createArea, deleteArea, updateArea } from "./areas.ts";
import { loadReadableInterviewer, mayEditAreas } from "./authorization.ts";

/**
 * The interviewer maps (platform.md §1, §2): an interviewer's areas, drawn as polygons in the nine
 * polygon colours, and where and when their submissions were collected.
 */
export function interviewerMapRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["maps"];
  const tileUrl = deps.settings.mapTileUrl;

  r.get(
    "/account/users/:id/areas",
    {
      schema: {
        tags,
        operationId: "listInterviewerAreas",
        summary: "List an interviewer's areas",
        description:
          "The polygons assigned to a member of the caller's account, with the map's tile address (null: " +
          "no tile server, the map is a plain grid). Any member sees their own; seeing another's needs `users.view`.",
        params: ZIdParams,
        response: { 200: ZInterviewerAreas },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "account.view");
      const interviewer = await loadReadableInterviewer(ctx, request.params.id);
      const [areas, canEdit] = await Promise.all([areasOf(ctx, interviewer.id), mayEditAreas(ctx)]);
      return { interviewer, areas, tileUrl, canEdit };
    },
  );

  r.post(
    "/account/users/:id/areas",
    {
      schema: {
        tags,
        operationId: "createInterviewerArea",
        summary: "Draw an area for an interviewer",
        description:
          "A polygon of at least three different corners (latitude -90…90, longitude -180…180) in one of the " +
          "nine polygon colours. Needs `users.edit`.",
        params: ZIdParams,
        body: ZAreaInput,
        response: { 201: ZArea },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "users.edit");
      return reply.status(201).send(await createArea(ctx, request.params.id, request.body));
    },
  );

  r.put(
    "/areas/:id",
    {
      schema: {
        tags,
        operationId: "updateInterviewerArea",
        summary: "Change an interviewer's area",
        description: "Replaces the area's name, colour and corners. Needs `users.edit`.",
        params: ZIdParams,
        body: ZAreaInput,
        response: { 200: ZArea },
      },
    },
    async (request) =>
      updateArea(await requireTenant(deps, request, "users.edit"), request.params.id, request.body),
  );

  r.delete(
    "/areas/:id",
    {
      schema: {
        tags,
        operationId: "deleteInterviewerArea",
        summary: "Delete an interviewer's area",
        description: "Needs `users.edit`.",
        params: ZIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteArea(await requireTenant(deps, request, "users.edit"), request.params.id);
      return { deleted: true as const };
    },
  );

  r.get(
    "/account/users/:id/activity",
    {
      schema: {
        tags,
        operationId: "getInterviewerActivity",
        summary: "Where and when an interviewer collected submissions",
        description:
          "The interviewer's submissions of the days `from`…`to` (YYYY-MM-DD, both included, at most 31 days, " +
          "in the caller's time zone; today when not given) on forms whose answers the caller may read, each " +
          "placed by its location (or map) answer, else by where the submitter's address is, with `outside: true` " +
          "when it lies outside all of the interviewer's areas.",
        params: ZIdParams,
        querystring: ZActivityQuery,
        response: { 200: ZInterviewerActivity },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "account.view");
      const interviewer = await loadReadableInterviewer(ctx, request.params.id);
      const days = daysAsked(request.query, ctx.user.timezone);
      const areas = await areasOf(ctx, interviewer.id);
      return { ...(await activityOf(ctx, interviewer, days, areas)), tileUrl };
    },
  );
}
