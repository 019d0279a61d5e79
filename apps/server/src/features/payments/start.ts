import { randomBytes } from "node:crypto";
import type { PaymentProviderId } from "@formloom/core/api/billing";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { payments } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import type { PaymentProvider } from "./providers.ts";

export interface NewPayment {
  accountId: number | null;
  userId: number | null;
  /** "balance", or a donation project. */
  purpose: string;
  provider: PaymentProviderId;
  amount: number;
  currency: string;
  description: string;
  /** Our page the payer returns to; "/success" or "/fail" is added. */
  returnPath: string;
}

/**
 * Records a pending payment, then asks its provider to start it. The row comes first, so a
 * provider's webhook always finds the payment it names.
 */
export async function startPayment(
  db: Db,
  providers: ReadonlyMap<PaymentProviderId, PaymentProvider>,
  linkBase: string,
  payment: NewPayment,
): Promise<{ publicId: string; redirectUrl: string }> {
  const provider = providers.get(payment.provider);
  if (!provider) throw badRequest("payment.provider.unavailable");
  const publicId = randomBytes(16).toString("base64url");
  const amountCents = Math.round(payment.amount * 100);
  await db.insert(payments).values({
    publicId,
    accountId: payment.accountId,
    userId: payment.userId,
    purpose: payment.purpose,
    provider: provider.id,
    amountCents,
    currency: payment.currency,
  });
  const back = `${linkBase}${payment.returnPath}`;
  const started = await provider.start({
    publicId,
    amountCents,
    currency: payment.currency,
    description: payment.description,
    successUrl: `${back}/success?payment=${publicId}`,
    failUrl: `${back}/fail?payment=${publicId}`,
  });
  if (started.providerRef) {
    await db
      .update(payments)
      .set({ providerRef: started.providerRef })
      .where(eq(payments.publicId, publicId));
  }
  return { publicId, redirectUrl: started.redirectUrl };
}
