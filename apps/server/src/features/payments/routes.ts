import { ZDonationBody, ZPaymentProviders, ZPaymentStarted, ZPaymentView } from "@formloom/core/api/billing";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import { payments } from "../../db/schema.ts";
import type { Deps } from "../../http/context.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import { type PaymentProviders, stripeClient } from "./providers.ts";
import { disputeCharge, refundCharge } from "./reversals.ts";
import { type PaymentRow, settleFailed, settlePaid } from "./settle.ts";
import { startPayment } from "./start.ts";

/**
 * Donations begun per address: anyone may begin one signed out, and each is a stored payment and
 * a call to the provider, so a loop could fill the table and spend the instance's provider quota.
 */
export const DONATION_LIMITS = { perAddress: 10, windowSeconds: 600 } as const;

const ZPublicId = z.object({ publicId: z.string().min(1).max(64) });
const open = { public: true };

function present(row: PaymentRow) {
  return {
    publicId: row.publicId,
    purpose: row.purpose,
    provider: row.provider as "offline" | "stripe",
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as "pending" | "paid" | "failed",
  };
}

/**
 * Payments anyone holding a payment's link may follow (the donation pages are public), the
 * offline provider's confirmation, and Stripe's webhook.
 */
export function paymentRoutes(app: FastifyInstance, deps: Deps, providers: PaymentProviders): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["payments"];

  r.get(
    "/payments/providers",
    { config: open, schema: { tags, response: { 200: ZPaymentProviders } } },
    async () => ({
      providers: [...providers.keys()],
    }),
  );

  const find = async (publicId: string) => {
    const [row] = await deps.db.select().from(payments).where(eq(payments.publicId, publicId));
    if (!row) throw notFound("payment.not_found");
    return row;
  };

  r.get(
    "/payments/:publicId",
    { config: open, schema: { tags, params: ZPublicId, response: { 200: ZPaymentView } } },
    async (request) => present(await find(request.params.publicId)),
  );

  for (const outcome of ["confirm", "decline"] as const) {
    r.post(
      `/payments/:publicId/offline/${outcome}`,
      { config: open, schema: { tags, params: ZPublicId, response: { 200: ZPaymentView } } },
      async (request) => {
        const row = await find(request.params.publicId);
        if (row.provider !== "offline" || !providers.has("offline"))
          throw badRequest("payment.provider.unavailable");
        const where = { publicId: row.publicId };
        const changed =
          outcome === "confirm" ? await settlePaid(deps.db, where) : await settleFailed(deps.db, where);
        if (!changed) throw conflict("payment.settled");
        return present(await find(row.publicId));
      },
    );
  }

  r.post(
    "/projects/:project/payment",
    {
      config: open,
      schema: {
        tags,
        params: z.object({ project: ZDonationBody.shape.project }),
        body: ZDonationBody.omit({ project: true }),
        response: { 201: ZPaymentStarted },
      },
    },
    async (request, reply) => {
      const { project } = request.params;
      await countRequest(
        deps.db,
        [
          {
            key: `donation:ip:${addressKey(request.ip)}`,
            max: DONATION_LIMITS.perAddress,
            windowSeconds: DONATION_LIMITS.windowSeconds,
          },
        ],
        "payment.rate_limited",
      );
      const started = await startPayment(deps.db, providers, deps.settings.linkBase, {
        accountId: null,
        userId: null,
        purpose: project,
        provider: request.body.provider,
        amount: request.body.amount,
        currency: request.body.currency,
        description: `Donation to the ${project} project`,
        returnPath: `/projects/${project}/payment`,
      });
      return reply.status(201).send(started);
    },
  );

  const stripe = stripeClient(deps.settings);
  const secret = deps.settings.payments.stripeWebhookSecret;
  // Stripe signs the exact bytes it sent: this route reads the body raw and the SDK checks it.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      "/payments/stripe/webhook",
      { config: open, schema: { tags, hide: true } },
      async (request) => {
        if (!stripe || !secret) throw badRequest("payment.provider.unavailable");
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ""), secret);
        } catch {
          throw badRequest("payment.signature.invalid");
        }
        await handleStripeEvent(deps, stripe, event);
        return { received: true };
      },
    );
  });
}

/**
 * Settles the payment a Checkout event names, and takes back what a refund or a dispute takes out
 * of a paid one; any number of deliveries, in parallel or again later, move money once.
 */
async function handleStripeEvent(deps: Deps, stripe: Stripe, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "charge.refunded":
      return refundCharge(deps.db, stripe, event.data.object);
    case "charge.dispute.created":
    case "charge.dispute.funds_withdrawn":
      return disputeCharge(deps.db, stripe, event.data.object, "withdrawn");
    case "charge.dispute.funds_reinstated":
      return disputeCharge(deps.db, stripe, event.data.object, "won");
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      if (dispute.status === "won") return disputeCharge(deps.db, stripe, dispute, "won");
      if (dispute.status === "lost") return disputeCharge(deps.db, stripe, dispute, "lost");
      return;
    }
  }
  if (!event.type.startsWith("checkout.session.")) return;
  const session = event.data.object as Stripe.Checkout.Session;
  const where = { providerRef: session.id };
  if (event.type === "checkout.session.async_payment_succeeded") await settlePaid(deps.db, where);
  else if (event.type === "checkout.session.completed" && session.payment_status !== "unpaid")
    await settlePaid(deps.db, where);
  else if (
    event.type === "checkout.session.expired" ||
    event.type === "checkout.session.async_payment_failed"
  )
    await settleFailed(deps.db, where);
}
