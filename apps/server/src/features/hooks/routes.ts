import { ZRowId } from "@formloom/core/api/ids";
import { WEBHOOK_EVENT_TYPES } from "@formloom/core/api/webhook-payload";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { webhooks } from "../../db/schema.ts";
import { type Deps, requireTenant } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { loadForm } from "../forms/service.ts";
import { createWebhook, deleteWebhook, type WebhookDeps } from "../webhooks/service.ts";
import { AllowList } from "../webhooks/ssrf.ts";

/**
 * REST-hook subscriptions, as Zapier, Make and n8n make them: the integration subscribes a
 * target URL to a form's event with the account's API key (an external app's token, in
 * `X-API-Key` or as a bearer token) and unsubscribes by the id it got back. A subscription is a
 * webhook of the form, so it is signed, retried and address-guarded by the webhooks' own code,
 * and shows in the form's webhook list where a person can see and remove it.
 */

const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test");

const ZHookSubscribeBody = z
  .object({
    targetUrl: z.string().trim().min(1, "webhook.endpoint.empty").max(2000),
    event: z.enum(SUBSCRIBABLE),
    formId: ZRowId,
  })
  .meta({
    example: {
      targetUrl: "https://hooks.zapier.com/hooks/standard/123/abc/",
      event: "form.submitted",
      formId: 42,
    },
  });

const ZHook = z.object({
  id: z.number(),
  targetUrl: z.string(),
  event: z.enum(SUBSCRIBABLE),
  formId: z.number(),
  /** Verifies the Standard Webhooks signature of each delivery; shown only here, once. */
  secret: z.string(),
});

/** The title a subscription's webhook carries in the form's webhook list. */
export const REST_HOOK_TITLE = "REST hook";

export function hookRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["hooks"];
  const security: Record<string, string[]>[] = [{ apiKey: [] }, { externalAppToken: [] }, { bearer: [] }];
  const hooks: WebhookDeps = { secrets: deps.secrets, allow: new AllowList(deps.settings.webhookAllowHosts) };

  r.post(
    "/hooks",
    {
      schema: {
        tags,
        security,
        summary: "Subscribe a target URL to a form's event (REST hook)",
        operationId: "subscribeHook",
        body: ZHookSubscribeBody,
        response: { 201: ZHook },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      const { targetUrl, event, formId } = request.body;
      // An integration subscribes to be sent answers: one that may read none of the form's would be
      // sent nothing, and is told so now rather than by silence.
      assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
      const created = await createWebhook(ctx, hooks, formId, {
        title: REST_HOOK_TITLE,
        endpoint: targetUrl,
        requestType: "POST",
        format: "standard",
        authorization: { type: "none" },
        condition: "each_submission",
        dataOptions: ["form_answer", "calculation_results", "score_and_tags"],
        enabled: true,
      });
      await ctx.db
        .update(webhooks)
        .set({ restHook: true, externalAppId: ctx.appId ?? null })
        .where(and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.id, created.id)));
      return reply
        .status(201)
        .send({ id: created.id, targetUrl: created.endpoint, event, formId, secret: created.secret });
    },
  );

  r.delete(
    "/hooks/:id",
    {
      schema: {
        tags,
        security,
        summary: "Unsubscribe a REST hook",
        operationId: "unsubscribeHook",
        params: z.object({ id: ZRowId }),
        response: { 204: z.null().describe("Unsubscribed") },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      const [row] = await ctx.db
        .select({ formId: webhooks.formId })
        .from(webhooks)
        .where(
          and(
            eq(webhooks.accountId, ctx.accountId),
            eq(webhooks.id, request.params.id),
            // A webhook a person set up is theirs to remove, not an integration's.
            eq(webhooks.restHook, true),
          ),
        );
      if (!row) throw notFound("webhook.not_found");
      await deleteWebhook(ctx, row.formId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
