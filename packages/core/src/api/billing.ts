import { z } from "zod";

/** Currencies a payment or a donation may be made in (platform.md §5: amount and currency required). */
export const CURRENCIES = ["USD", "EUR", "GBP", "UAH"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The most one payment may be, in whole units: a typo of zeros is refused, not charged. */
export const PAYMENT_MAX = 100_000;

/** How a service is paid for: once a month while added, per use, or not at all. */
export const SERVICE_PRICING = ["period", "use", "free"] as const;

export const ZService = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pricing: z.enum(SERVICE_PRICING),
  priceCents: z.number(),
  currency: z.string(),
  unlocks: z.array(z.string()),
});
export type TService = z.infer<typeof ZService>;

export const ZCurrentService = ZService.extend({ addedAt: z.string() });
export type TCurrentService = z.infer<typeof ZCurrentService>;

/** A sample data set the instance offers in its marketplace, downloadable as CSV. */
export const ZDataset = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  columns: z.array(z.string()),
  rows: z.number(),
});
export type TDataset = z.infer<typeof ZDataset>;

export const ZServiceBody = z.object({ service_id: z.string().trim().min(1, "service.not_found").max(64) });

/** platform.md §3 "Billing operation types": money in is charging, money out a withdrawal. */
export const BILLING_OPERATION_TYPES = ["charging", "withdrawal"] as const;

export const ZHistoryEntry = z.object({
  id: z.number(),
  date: z.string(),
  amountCents: z.number(),
  type: z.enum(BILLING_OPERATION_TYPES),
  comment: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZHistoryQuery = z.object({
  date_from: z.iso.date("billing.date.invalid").optional(),
  date_to: z.iso.date("billing.date.invalid").optional(),
});

export const ZBillingStatus = z.object({
  balanceCents: z.number(),
  currency: z.string(),
  plan: z.string(),
  creditLimitCents: z.number(),
  services: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      pricing: z.enum(SERVICE_PRICING),
      priceCents: z.number(),
      /** When the service is next charged, or null when it is not charged by period. */
      nextChargeAt: z.string().nullable(),
      /** Its current month is not paid yet: the balance did not cover it. */
      due: z.boolean(),
    }),
  ),
  /** What the coming month's charges add up to. */
  monthlyCents: z.number(),
});
export type TBillingStatus = z.infer<typeof ZBillingStatus>;

export const ZPricingPackage = z.object({
  id: z.string(),
  title: z.string(),
  creditLimitCents: z.number(),
  current: z.boolean(),
});

/** The providers a payment may go through; which ones work depends on the instance's settings. */
export const PAYMENT_PROVIDERS = ["offline", "stripe"] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

const ZAmount = z
  .number({ error: "billing.amount.required" })
  .positive("billing.amount.required")
  .max(PAYMENT_MAX, "billing.amount.too_large")
  .multipleOf(0.01, "billing.amount.invalid");

export const ZPaymentBody = z.object({
  amount: ZAmount,
  currency: z.enum(CURRENCIES, { error: "billing.currency.required" }),
  provider: z.enum(PAYMENT_PROVIDERS),
});

/** The donation projects of platform.md §2: /projects/freedom/payment and /projects/support/payment. */
export const DONATION_PROJECTS = ["freedom", "support"] as const;
export const ZDonationBody = ZPaymentBody.extend({ project: z.enum(DONATION_PROJECTS) });

export const ZPaymentStarted = z.object({ publicId: z.string(), redirectUrl: z.string() });

export const ZPaymentView = z.object({
  publicId: z.string(),
  purpose: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountCents: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "paid", "failed"]),
});
export type TPaymentView = z.infer<typeof ZPaymentView>;

export const ZPaymentProviders = z.object({ providers: z.array(z.enum(PAYMENT_PROVIDERS)) });
