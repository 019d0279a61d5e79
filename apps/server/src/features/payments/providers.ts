import { createRequire } from "node:module";
import type { PaymentProviderId } from "@formloom/core/api/billing";
import type Stripe from "stripe";
import type { Settings } from "../../settings.ts";

export interface StartedPayment {
  /** Where the payer goes next: the provider's page, or ours for the offline provider. */
  redirectUrl: string;
  /** The provider's id of the payment, which its webhooks name. */
  providerRef: string | null;
}

export interface PaymentRequest {
  publicId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our pages the payer returns to. */
  successUrl: string;
  failUrl: string;
}

/** A way to take a payment: it starts one and says where the payer goes to finish it. */
export interface PaymentProvider {
  id: PaymentProviderId;
  start(request: PaymentRequest): Promise<StartedPayment>;
}

/**
 * For development and demos: no money moves; the payer confirms or declines on our own page.
 * Only on when OFFLINE_PAYMENTS=true, since anyone could credit a balance with it.
 */
const offlineProvider: PaymentProvider = {
  id: "offline",
  start: async (request) => ({ redirectUrl: `/payments/offline/${request.publicId}`, providerRef: null }),
};

const require = createRequire(import.meta.url);

/**
 * Stripe's client pointed at STRIPE_API_URL (Stripe's own unless a test points it elsewhere). The
 * package is loaded here, when a secret key turns Stripe on: it is the heaviest the server has,
 * about a seventh of a second of processor time at every start of an instance without payments.
 */
export function stripeClient(settings: Settings): Stripe | undefined {
  if (!settings.payments.stripeSecretKey) return undefined;
  const StripeClient = require("stripe") as typeof Stripe;
  const api = new URL(settings.payments.stripeApiUrl);
  return new StripeClient(settings.payments.stripeSecretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === "http:" ? 80 : 443),
    protocol: api.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/** Stripe Checkout: the payer pays on Stripe's page; its webhook tells us the outcome. */
function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    id: "stripe",
    start: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.publicId,
          metadata: { payment: request.publicId },
          success_url: request.successUrl,
          cancel_url: request.failUrl,
        },
        { idempotencyKey: `checkout-${request.publicId}` },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
      return { redirectUrl: session.url, providerRef: session.id };
    },
  };
}

export type PaymentProviders = ReadonlyMap<PaymentProviderId, PaymentProvider>;

/** The providers this instance's settings turn on. */
export function paymentProviders(settings: Settings): PaymentProviders {
  const providers = new Map<PaymentProviderId, PaymentProvider>();
  if (settings.payments.offline) providers.set("offline", offlineProvider);
  const stripe = stripeClient(settings);
  if (stripe) providers.set("stripe", stripeProvider(stripe));
  return providers;
}
