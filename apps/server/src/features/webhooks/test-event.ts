import { randomUUID } from "node:crypto";
import { samplePayload, webhookBody } from "@formloom/core/api/webhook-presets";
import type { TWebhookFormat, TWebhookTestResult } from "@formloom/core/api/webhooks";
import { and, eq } from "drizzle-orm";
import { webhooks } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { loadForm } from "../forms/service.ts";
import type { WebhookDeps } from "./service.ts";
import { signedHeaders } from "./signing.ts";
import { checkEndpoint, sendToChecked } from "./ssrf.ts";

const TIMEOUT_MS = 10_000;

/**
 * Sends one "webhook.test" event to the endpoint now, signed like a delivery, and says what came
 * back, so an author can check the receiver before a respondent submits. It carries the form's
 * id and title and no submission, so it needs no read access to answers; the address guard runs
 * as for every send. Nothing is queued or tried again.
 */
export async function sendTestEvent(
  ctx: TenantContext,
  deps: WebhookDeps,
  formId: number,
  webhookId: number,
): Promise<TWebhookTestResult> {
  const form = await loadForm(ctx, formId);
  const [hook] = await ctx.db
    .select()
    .from(webhooks)
    .where(
      and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId), eq(webhooks.id, webhookId)),
    );
  if (!hook) throw notFound("webhook.not_found");
  const checked = await checkEndpoint(hook.endpoint, deps.allow);
  if (!checked.ok) return { ok: false, responseStatus: null, durationMs: 0, error: checked.code };
  const now = new Date();
  const payload = samplePayload(form.id, form.title, now);
  const body = JSON.stringify(webhookBody(hook.format as TWebhookFormat, payload));
  const result = await sendToChecked(checked.endpoint, {
    method: hook.requestType,
    headers: signedHeaders(hook, deps.secrets, `msg_test_${randomUUID()}`, now, body),
    body,
    timeoutMs: TIMEOUT_MS,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  return { ok, responseStatus: result.status, durationMs: result.durationMs, error: result.error };
}
