import { ZIdParams } from "@formloom/core/api/ids";
import {
  ZChartRangeQuery,
  ZSharedReportCreated,
  ZSharedReportData,
  ZSharedReportDeleteParams,
  ZSharedReportParams,
  ZSharedReports,
  ZSubmitRateDays,
} from "@formloom/core/api/shared-reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { rangeOf, readableForm, zoneOf } from "../statistics/scope.ts";
import { createSharedReport, listSharedReports, revokeSharedReport, sharedReportData } from "./service.ts";
import { submitRateDays } from "./submit-rate-days.ts";

/**
 * The form's charts shared as a read-only public link (forms.md §2, :id/visualization), and the
 * submit rate day by day that the charts draw.
 */
export function sharedReportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["statistics"];
  const allowed = (request: Parameters<typeof requireTenant>[1]) =>
    requireTenant(deps, request, "results.view");

  r.get(
    "/forms/:id/charts/submit-rate-days",
    {
      schema: {
        tags,
        description:
          "Per day in the reader's time zone: views of the public page, submissions and the submit rate.",
        params: ZIdParams,
        querystring: ZChartRangeQuery,
        response: { 200: ZSubmitRateDays },
      },
    },
    async (request) => {
      const ctx = await allowed(request);
      const form = await readableForm(ctx, request.params.id);
      const zone = zoneOf(ctx, request.query.timezone);
      return submitRateDays(ctx.db, form, rangeOf(request.query.dateFrom, request.query.dateTo, zone), zone);
    },
  );

  r.post(
    "/forms/:id/shared-reports",
    {
      schema: {
        tags,
        description:
          "A read-only public link to the form's charts, with the caller's data permissions; the token is in this answer only.",
        params: ZIdParams,
        response: { 201: ZSharedReportCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSharedReport(await allowed(request), request.params.id)),
  );

  r.get(
    "/forms/:id/shared-reports",
    { schema: { tags, params: ZIdParams, response: { 200: ZSharedReports } } },
    async (request) => listSharedReports(await allowed(request), request.params.id),
  );

  r.delete(
    "/forms/:id/shared-reports/:reportId",
    {
      schema: {
        tags,
        description: "Revokes the link: it stops working at once.",
        params: ZSharedReportDeleteParams,
      },
    },
    async (request, reply) => {
      await revokeSharedReport(await allowed(request), request.params.id, request.params.reportId);
      return reply.status(204).send();
    },
  );

  r.get(
    "/shared-reports/:token",
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "A shared report's figures over the range, signed out: aggregates only, over the fields its maker may read now.",
        params: ZSharedReportParams,
        querystring: ZChartRangeQuery,
        response: { 200: ZSharedReportData },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sharedReportData(deps.db, request.params.token, request.query);
    },
  );
}
