import {
  ZCurrentService,
  ZDataset,
  ZPricingPackage,
  ZService,
  ZServiceBody,
} from "@formloom/core/api/billing";
import { ZIdParams } from "@formloom/core/api/ids";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { balanceOf } from "../billing/ledger.ts";
import { PRICING_PACKAGES, requireBilling } from "../billing/service.ts";
import { contentDisposition } from "../files/uploads.ts";
import { datasetCsv, listDatasets } from "./datasets.ts";
import { addService, catalogue, currentServices, presentService, removeService } from "./service.ts";

const ZDone = z.object({ done: z.literal(true) });

/** The marketplace's services and an account's own (platform.md §7 "Account and services"). */
export function serviceRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["services"];
  const currency = deps.settings.billingCurrency;

  r.get(
    "/services",
    { schema: { tags, response: { 200: z.object({ services: z.array(ZService) }) } } },
    async (request) => {
      await requireUser(deps, request);
      return { services: (await catalogue(deps.db)).map((row) => presentService(row, currency)) };
    },
  );

  r.get(
    "/marketplace/datasets",
    {
      schema: {
        tags,
        description: "The sample data sets the instance offers, each downloadable as CSV.",
        response: { 200: z.object({ datasets: z.array(ZDataset) }) },
      },
    },
    async (request) => {
      await requireUser(deps, request);
      return { datasets: listDatasets() };
    },
  );

  r.get(
    "/marketplace/datasets/:id",
    {
      schema: {
        tags,
        description:
          "A data set as a CSV download (404 dataset.not_found for one the instance does not offer).",
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      await requireUser(deps, request);
      const dataset = datasetCsv(request.params.id);
      if (!dataset) throw notFound("dataset.not_found");
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(`${request.params.id}.csv`))
        .header("x-content-type-options", "nosniff")
        .send(dataset.csv);
    },
  );

  r.get(
    "/account/service",
    {
      schema: {
        tags,
        response: {
          200: z.object({ allServices: z.array(ZService), currentServices: z.array(ZCurrentService) }),
        },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "account.view");
      return {
        allServices: (await catalogue(deps.db)).map((row) => presentService(row, currency)),
        currentServices: await currentServices(ctx, currency),
      };
    },
  );

  r.post(
    "/account/service/add",
    { schema: { tags, body: ZServiceBody, response: { 200: ZDone } } },
    async (request) => {
      await addService(await requireBilling(deps, request, "billing.pay"), request.body.service_id);
      return { done: true as const };
    },
  );

  r.post(
    "/account/service/remove",
    { schema: { tags, body: ZServiceBody, response: { 200: ZDone } } },
    async (request) => {
      await removeService(await requireBilling(deps, request, "billing.pay"), request.body.service_id);
      return { done: true as const };
    },
  );

  r.get(
    "/account/:id/pricing-packages",
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ packages: z.array(ZPricingPackage) }) },
      },
    },
    async (request) => {
      const ctx = await requireBilling(deps, request, "billing.view");
      // Only the caller's own account: another id is not found, whichever account it names.
      if (request.params.id !== ctx.accountId) throw notFound("account.not_found");
      const { plan } = await balanceOf(ctx.db, ctx.accountId);
      return { packages: PRICING_PACKAGES.map((p) => ({ ...p, current: p.id === plan })) };
    },
  );
}
