import { webhookPayloadJsonSchema } from "@formloom/core/api/webhook-payload";
import {
  ZFormWebhooksParams,
  ZWebhook,
  ZWebhookCreateBody,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookList,
  ZWebhookParams,
  ZWebhookPatchBody,
  ZWebhookTestResult,
  ZWebhookWithSecret,
} from "@formloom/core/api/webhooks";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateSecret,
  updateWebhook,
  type WebhookDeps,
} from "./service.ts";
import { AllowList } from "./ssrf.ts";
import { sendTestEvent } from "./test-event.ts";

/** platform.md §2 "Webhook": a form's webhooks, the account's list, and each one's delivery log. */
export function webhookRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["webhooks"];
  const hooks: WebhookDeps = {
    secrets: deps.secrets,
    allow: new AllowList(deps.settings.webhookAllowHosts),
  };

  // The body's JSON Schema, for receivers to validate against; it names no account's data.
  r.get("/webhooks/payload-schema", { config: { public: true }, schema: { tags } }, async () =>
    webhookPayloadJsonSchema(),
  );

  r.get("/webhooks/all", { schema: { tags, response: { 200: ZWebhookList } } }, async (request) => ({
    webhooks: await listWebhooks(await requireTenant(deps, request, "forms.edit"), hooks),
  }));

  r.get(
    "/forms/:id/webhooks",
    { schema: { tags, params: ZFormWebhooksParams, response: { 200: ZWebhookList } } },
    async (request) => ({
      webhooks: await listWebhooks(
        await requireTenant(deps, request, "forms.edit"),
        hooks,
        request.params.id,
      ),
    }),
  );

  r.post(
    "/forms/:id/webhooks",
    {
      schema: {
        tags,
        params: ZFormWebhooksParams,
        body: ZWebhookCreateBody,
        response: { 200: ZWebhookWithSecret },
      },
    },
    async (request) =>
      createWebhook(await requireTenant(deps, request, "forms.edit"), hooks, request.params.id, request.body),
  );

  r.get(
    "/forms/:id/webhooks/:webhookId",
    { schema: { tags, params: ZWebhookParams, response: { 200: ZWebhook } } },
    async (request) =>
      getWebhook(
        await requireTenant(deps, request, "forms.edit"),
        hooks,
        request.params.id,
        request.params.webhookId,
      ),
  );

  r.patch(
    "/forms/:id/webhooks/:webhookId",
    { schema: { tags, params: ZWebhookParams, body: ZWebhookPatchBody, response: { 200: ZWebhook } } },
    async (request) =>
      updateWebhook(
        await requireTenant(deps, request, "forms.edit"),
        hooks,
        request.params.id,
        request.params.webhookId,
        request.body,
      ),
  );

  r.delete(
    "/forms/:id/webhooks/:webhookId",
    { schema: { tags, params: ZWebhookParams, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteWebhook(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.webhookId,
      );
      return { deleted: true as const };
    },
  );

  r.post(
    "/forms/:id/webhooks/:webhookId/secret/rotate",
    { schema: { tags, params: ZWebhookParams, response: { 200: ZWebhookWithSecret } } },
    async (request) =>
      rotateSecret(
        await requireTenant(deps, request, "forms.edit"),
        hooks,
        request.params.id,
        request.params.webhookId,
      ),
  );

  r.post(
    "/forms/:id/webhooks/:webhookId/test",
    { schema: { tags, params: ZWebhookParams, response: { 200: ZWebhookTestResult } } },
    async (request) =>
      sendTestEvent(
        await requireTenant(deps, request, "forms.edit"),
        hooks,
        request.params.id,
        request.params.webhookId,
      ),
  );

  r.get(
    "/forms/:id/webhooks/:webhookId/deliveries",
    { schema: { tags, params: ZWebhookParams, response: { 200: ZWebhookDeliveryList } } },
    async (request) => ({
      deliveries: await listDeliveries(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.webhookId,
      ),
    }),
  );

  r.post(
    "/forms/:id/webhooks/:webhookId/deliveries/:deliveryId/replay",
    {
      schema: {
        tags,
        params: ZWebhookDeliveryParams,
        response: { 200: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request) => {
      await replayDelivery(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.webhookId,
        request.params.deliveryId,
      );
      return { queued: true as const };
    },
  );
}
