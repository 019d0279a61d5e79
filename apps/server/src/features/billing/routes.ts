import {
  ZBillingStatus,
  ZHistoryEntry,
  ZHistoryQuery,
  ZPaymentBody,
  ZPaymentStarted,
} from "@formloom/core/api/billing";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../http/context.ts";
import { badRequest } from "../../http/errors.ts";
import type { PaymentProviders } from "../payments/providers.ts";
import { startPayment } from "../payments/start.ts";
import { billingHistory, billingStatus, requireBilling } from "./service.ts";

/** The account's billing: status, history and payment (platform.md §2 "account/billing"). */
export function billingRoutes(app: FastifyInstance, deps: Deps, providers: PaymentProviders): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["billing"];
  const currency = deps.settings.billingCurrency;

  r.get("/account/billing/status", { schema: { tags, response: { 200: ZBillingStatus } } }, async (request) =>
    billingStatus(await requireBilling(deps, request, "billing.view"), currency),
  );

  r.get(
    "/account/billing/history",
    {
      schema: {
        tags,
        querystring: ZHistoryQuery,
        response: { 200: z.object({ history: z.array(ZHistoryEntry) }) },
      },
    },
    async (request) => ({
      history: await billingHistory(await requireBilling(deps, request, "billing.view"), request.query),
    }),
  );

  r.post(
    "/account/billing/payment",
    { schema: { tags, body: ZPaymentBody, response: { 201: ZPaymentStarted } } },
    async (request, reply) => {
      const ctx = await requireBilling(deps, request, "billing.pay");
      if (request.body.currency !== currency) throw badRequest("billing.currency.unsupported");
      const started = await startPayment(deps.db, providers, deps.settings.linkBase, {
        accountId: ctx.accountId,
        userId: ctx.user.id,
        purpose: "balance",
        provider: request.body.provider,
        amount: request.body.amount,
        currency: request.body.currency,
        description: "Formloom balance",
        returnPath: "/account/billing/payment",
      });
      return reply.status(201).send(started);
    },
  );
}
