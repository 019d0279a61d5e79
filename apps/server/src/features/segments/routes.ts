import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  ZRecalculateSegment,
  ZSegment,
  ZSegmentInput,
  ZSegmentJob,
  ZSegmentMembers,
} from "@formloom/core/api/segments";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  createSegment,
  deleteSegment,
  getJob,
  getSegment,
  listSegments,
  queueRecalculation,
  segmentMembersOf,
  updateSegment,
} from "./service.ts";

/**
 * platform.md §2, §3, §5 "segments": an account's behavioural segments, the submissions found in
 * them, and their recalculation as a job. Readers of results see them; form editors change them.
 */
export function segmentRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["segments"];
  const reader = (request: Parameters<typeof requireTenant>[1]) =>
    requireTenant(deps, request, "results.view");
  const editor = (request: Parameters<typeof requireTenant>[1]) => requireTenant(deps, request, "forms.edit");

  r.get(
    "/segments/all",
    {
      schema: {
        tags,
        description: "The account's segments, newest first, each with the submissions found in it so far.",
        response: { 200: z.object({ segments: z.array(ZSegment) }) },
      },
    },
    async (request) => listSegments(await reader(request)),
  );

  r.post(
    "/segments",
    {
      schema: {
        tags,
        description:
          "A new segment: name (2 characters or more), description, colour (#rrggbb) and at least one behavioural " +
          "attribute (energetic, efficiency, hesitation, distraction, unfocused, rage) with a value from and to " +
          "(0–100), each attribute once (docs/behaviour.md).",
        body: ZSegmentInput,
        response: { 201: ZSegment },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSegment(await editor(request), request.body)),
  );

  r.get(
    "/segments/:id",
    { schema: { tags, description: "One segment.", params: ZIdParams, response: { 200: ZSegment } } },
    async (request) => getSegment(await reader(request), request.params.id),
  );

  r.put(
    "/segments/:id",
    {
      schema: {
        tags,
        description: "Changes a segment; who is in it changes with the next recalculation.",
        params: ZIdParams,
        body: ZSegmentInput,
        response: { 200: ZSegment },
      },
    },
    async (request) => updateSegment(await editor(request), request.params.id, request.body),
  );

  r.delete(
    "/segments/:id",
    {
      schema: {
        tags,
        description: "Deletes a segment with its members and jobs.",
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSegment(await editor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/segments/:id/members",
    {
      schema: {
        tags,
        description:
          "The submissions of one form the last recalculation found in the segment (at most 500, newest first), " +
          "with their attributes as the reader may see them.",
        params: ZIdParams,
        querystring: z.object({ formId: ZRowId }),
        response: { 200: ZSegmentMembers },
      },
    },
    async (request) => segmentMembersOf(await reader(request), request.params.id, request.query.formId),
  );

  r.patch(
    "/forms/answers/recalculate-segments/:segmentId",
    {
      schema: {
        tags,
        description:
          "Finds again which submissions of these forms fall in the segment, as a job: answered at once with the " +
          "queued job, whose progress (done of total submissions) GET /api/segments/jobs/{jobId} tells. At most " +
          "20 per account in 10 minutes (429 segment.recalculation.rate_limited, with Retry-After).",
        params: z.object({ segmentId: ZRowId }),
        body: ZRecalculateSegment,
        response: { 202: ZSegmentJob },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await queueRecalculation(await editor(request), request.params.segmentId, request.body.formIds),
        ),
  );

  r.get(
    "/segments/jobs/:jobId",
    {
      schema: {
        tags,
        description: "A segment recalculation's state and progress.",
        params: z.object({ jobId: ZRowId }),
        response: { 200: ZSegmentJob },
      },
    },
    async (request) => getJob(await reader(request), request.params.jobId),
  );
}
