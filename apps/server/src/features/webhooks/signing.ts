import type { TWebhookAuthorization } from "@formloom/core/api/webhooks";
import { Webhook } from "standardwebhooks";
import type { SecretBox } from "../../auth/secret-box.ts";
import type { webhooks } from "../../db/schema.ts";
import { openAuthorization } from "./service.ts";

/**
 * The headers of one request a webhook sends: signed by the Standard Webhooks rules with the
 * endpoint's secret — during a rotation's overlap the old secret signs too ("v1,<new> v1,<old>") —
 * and carrying the authorization the webhook was given.
 */
export function signedHeaders(
  hook: typeof webhooks.$inferSelect,
  secrets: SecretBox,
  eventId: string,
  now: Date,
  body: string,
): Record<string, string> {
  const signers = [hook.secret];
  if (hook.previousSecret && hook.previousSecretUntil && hook.previousSecretUntil > now) {
    signers.push(hook.previousSecret);
  }
  const signature = signers
    .map((sealed) => new Webhook(secrets.open(sealed)).sign(eventId, now, body))
    .join(" ");
  return {
    "content-type": "application/json",
    "user-agent": "Formloom-Webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
    ...authorizationHeaders(openAuthorization(hook, secrets)),
  };
}

function authorizationHeaders(auth: TWebhookAuthorization): Record<string, string> {
  switch (auth.type) {
    case "none":
      return {};
    case "basic":
      return {
        authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`,
      };
    case "bearer":
      return { authorization: `Bearer ${auth.token}` };
    case "header":
      return { [auth.name.toLowerCase()]: auth.value };
  }
}
