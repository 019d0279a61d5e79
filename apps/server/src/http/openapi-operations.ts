/**
 * The words of the API reference: tag descriptions, and per operation (`method path` as the
 * document spells it) its operationId and summary. An operation missing here is described from
 * its method and path (http/openapi.ts); listing it gives it a better name.
 */

export const TAGS: Record<string, string> = {
  hooks:
    "REST-hook subscriptions for Zapier, Make and n8n: subscribe a target URL to a form's event with " +
    "the API key, unsubscribe by id. Deliveries are webhooks: signed (Standard Webhooks), retried, " +
    "and only to public addresses.",
  webhooks:
    "A form's webhooks, their signing secrets and delivery logs. The payload's JSON Schema is " +
    "`GET /api/webhooks/payload-schema`.",
};

export const OPERATIONS: Record<string, [operationId: string, summary: string]> = {};
