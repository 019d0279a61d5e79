import { z } from "zod";
import { ZRowId } from "./ids.ts";

/** platform.md §2 "Webhook": how the request is made and what it carries. */
export const WEBHOOK_REQUEST_TYPES = ["POST", "PUT", "PATCH"] as const;
export const WEBHOOK_CONDITIONS = ["each_submission", "rules_action"] as const;
/** What a delivery's body is: the signed JSON payload, or a chat message for that service's incoming webhook. */
export const WEBHOOK_FORMATS = ["standard", "slack", "discord", "teams"] as const;
export type TWebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_DATA_OPTIONS = [
  "form_answer",
  "calculation_results",
  "score_and_tags",
  "respondent_info",
  "geo",
  "device",
  "behaviour",
] as const;

export const ZWebhookAuthorization = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("basic"), username: z.string().max(200), password: z.string().max(500) }),
  z.object({ type: z.literal("bearer"), token: z.string().min(1).max(2000) }),
  z.object({
    type: z.literal("header"),
    name: z
      .string()
      .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/)
      .refine((name) => !/^(webhook-|content-|host$|content-length$)/i.test(name)),
    value: z
      .string()
      .max(2000)
      .regex(/^[^\r\n]*$/),
  }),
]);
export type TWebhookAuthorization = z.infer<typeof ZWebhookAuthorization>;

/** platform.md §5: title and endpoint required. */
const ZTitle = z.string().trim().min(1, "webhook.title.empty").max(200);
const ZEndpoint = z.string().trim().min(1, "webhook.endpoint.empty").max(2000);

export const ZWebhookCreateBody = z.object({
  title: ZTitle,
  endpoint: ZEndpoint,
  requestType: z.enum(WEBHOOK_REQUEST_TYPES).default("POST"),
  format: z.enum(WEBHOOK_FORMATS).default("standard"),
  authorization: ZWebhookAuthorization.default({ type: "none" }),
  condition: z.enum(WEBHOOK_CONDITIONS).default("each_submission"),
  dataOptions: z
    .array(z.enum(WEBHOOK_DATA_OPTIONS))
    .max(WEBHOOK_DATA_OPTIONS.length)
    .default(["form_answer"]),
  enabled: z.boolean().default(true),
});
export type TWebhookCreateBody = z.infer<typeof ZWebhookCreateBody>;

export const ZWebhookPatchBody = z.object({
  title: ZTitle.optional(),
  endpoint: ZEndpoint.optional(),
  requestType: z.enum(WEBHOOK_REQUEST_TYPES).optional(),
  format: z.enum(WEBHOOK_FORMATS).optional(),
  authorization: ZWebhookAuthorization.optional(),
  condition: z.enum(WEBHOOK_CONDITIONS).optional(),
  dataOptions: z.array(z.enum(WEBHOOK_DATA_OPTIONS)).max(WEBHOOK_DATA_OPTIONS.length).optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookPatchBody = z.infer<typeof ZWebhookPatchBody>;

/**
 * A webhook's address as it is shown to a member who may not read everything the webhook sends:
 * where it goes, without the path and query that, for a chat's incoming webhook, are its key.
 */
export function hiddenEndpoint(endpoint: string): string {
  // The scheme and host, without any user and password written before the host.
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^/?#@]*@)?([^/?#]*)/i.exec(endpoint);
  return parts ? `${parts[1]}${parts[2]}/…` : "…";
}

export const ZWebhook = z.object({
  id: z.number(),
  formId: z.number(),
  title: z.string(),
  endpoint: z.string(),
  /** Whether `endpoint` is shown as `hiddenEndpoint` gives it, the caller not reading all it sends. */
  endpointHidden: z.boolean(),
  requestType: z.enum(WEBHOOK_REQUEST_TYPES),
  format: z.enum(WEBHOOK_FORMATS),
  /** The kind only: passwords, tokens and header values are never sent back. */
  authorizationType: z.enum(["none", "basic", "bearer", "header"]),
  condition: z.enum(WEBHOOK_CONDITIONS),
  dataOptions: z.array(z.enum(WEBHOOK_DATA_OPTIONS)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  creationDate: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** A webhook as its creator receives it once, with the signing secret to verify deliveries. */
export const ZWebhookWithSecret = ZWebhook.extend({ secret: z.string() });

export const ZWebhookList = z.object({ webhooks: z.array(ZWebhook) });

export const ZWebhookAttempt = z.object({
  at: z.string(),
  responseStatus: z.number().nullable(),
  durationMs: z.number(),
  ok: z.boolean(),
  error: z.string().nullable(),
});

export const ZWebhookDelivery = z.object({
  id: z.number(),
  eventId: z.string(),
  answerId: z.number(),
  /** The submission's number within its form, as the results table shows it; null once deleted. */
  answerNumber: z.number().nullable(),
  state: z.enum(["queued", "done", "failed", "disabled"]),
  attempts: z.array(ZWebhookAttempt),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });

export const ZFormWebhooksParams = z.object({ id: ZRowId });
export const ZWebhookParams = z.object({ id: ZRowId, webhookId: ZRowId });
export const ZWebhookDeliveryParams = z.object({ id: ZRowId, webhookId: ZRowId, deliveryId: ZRowId });

/** What "Send test event" got back from the endpoint: sent at once, not queued or retried. */
export const ZWebhookTestResult = z.object({
  ok: z.boolean(),
  responseStatus: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;
