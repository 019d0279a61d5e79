import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  hiddenEndpoint,
  type TWebhook,
  type TWebhookAuthorization,
  type TWebhookCreateBody,
  type TWebhookDelivery,
  type TWebhookPatchBody,
  ZWebhookAuthorization,
} from "@formloom/core/api/webhooks";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { SecretBox } from "../../auth/secret-box.ts";
import { forms, webhookAttempts, webhookDeliveries, webhooks } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { invalidField, notFound } from "../../http/errors.ts";
import {
  answerAccess,
  assertCanRead,
  authorizeChannelChange,
  maySeeChannelAddress,
} from "../../http/policy.ts";
import { answerNumbers } from "../answers/service.ts";
import { loadForm } from "../forms/service.ts";
import { type AllowList, checkEndpoint } from "./ssrf.ts";

type WebhookRow = typeof webhooks.$inferSelect;

export interface WebhookDeps {
  secrets: SecretBox;
  allow: AllowList;
}

/** The webhook as the caller sees it: its address whole only where `shown` (maySeeChannelAddress). */
export function present(row: WebhookRow, secrets: SecretBox, shown: boolean): TWebhook {
  return {
    id: row.id,
    formId: row.formId,
    title: row.title,
    endpoint: shown ? row.endpoint : hiddenEndpoint(row.endpoint),
    endpointHidden: !shown,
    requestType: row.requestType as TWebhook["requestType"],
    format: row.format as TWebhook["format"],
    authorizationType: openAuthorization(row, secrets).type,
    condition: row.condition as TWebhook["condition"],
    dataOptions: row.dataOptions as TWebhook["dataOptions"],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    creationDate: row.createdAt.toISOString(),
  };
}

/** The webhooks as the caller sees them, each address whole only to a reader of all it sends. */
async function presented(ctx: TenantContext, secrets: SecretBox, rows: WebhookRow[]): Promise<TWebhook[]> {
  const formIds = [...new Set(rows.map((row) => row.formId))];
  const formRows =
    formIds.length === 0
      ? []
      : await ctx.db
          .select({ id: forms.id, creatorId: forms.creatorId })
          .from(forms)
          .where(and(eq(forms.accountId, ctx.accountId), inArray(forms.id, formIds)));
  const byId = new Map(formRows.map((form) => [form.id, form]));
  const asked = new Map<string, Promise<boolean>>();
  const shown = (row: WebhookRow) => {
    const form = byId.get(row.formId);
    if (!form) return Promise.resolve(false);
    const key = `${row.formId}:${row.configuredBy}`;
    const answer = asked.get(key) ?? maySeeChannelAddress(ctx, form, row.configuredBy);
    asked.set(key, answer);
    return answer;
  };
  const list: TWebhook[] = [];
  for (const row of rows) list.push(present(row, secrets, await shown(row)));
  return list;
}

export function openAuthorization(row: WebhookRow, secrets: SecretBox): TWebhookAuthorization {
  return ZWebhookAuthorization.parse(JSON.parse(secrets.open(row.authorization)));
}

/** The endpoint must pass the address guard when it is saved (and again at every send). */
async function guardedEndpoint(endpoint: string, allow: AllowList): Promise<string> {
  const checked = await checkEndpoint(endpoint, allow);
  if (!checked.ok) throw invalidField(checked.code, "endpoint");
  return checked.endpoint.url.href;
}

/** A new per-endpoint signing secret in the Standard Webhooks form. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

async function loadWebhook(ctx: TenantContext, formId: number, webhookId: number): Promise<WebhookRow> {
  const [row] = await ctx.db
    .select()
    .from(webhooks)
    .where(
      and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId), eq(webhooks.id, webhookId)),
    );
  if (!row) throw notFound("webhook.not_found");
  return row;
}

export async function listWebhooks(ctx: TenantContext, deps: WebhookDeps, formId?: number) {
  if (formId !== undefined) await loadForm(ctx, formId);
  const rows = await ctx.db
    .select()
    .from(webhooks)
    .where(
      formId === undefined
        ? eq(webhooks.accountId, ctx.accountId)
        : and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId)),
    )
    .orderBy(asc(webhooks.formId), asc(webhooks.id));
  return presented(ctx, deps.secrets, rows);
}

export async function getWebhook(ctx: TenantContext, deps: WebhookDeps, formId: number, webhookId: number) {
  const [shown] = await presented(ctx, deps.secrets, [await loadWebhook(ctx, formId, webhookId)]);
  return shown!;
}

export async function createWebhook(
  ctx: TenantContext,
  deps: WebhookDeps,
  formId: number,
  body: TWebhookCreateBody,
) {
  await loadForm(ctx, formId);
  const endpoint = await guardedEndpoint(body.endpoint, deps.allow);
  const secret = newSecret();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      accountId: ctx.accountId,
      formId,
      title: body.title,
      endpoint,
      requestType: body.requestType,
      format: body.format,
      authorization: deps.secrets.seal(JSON.stringify(body.authorization)),
      condition: body.condition,
      dataOptions: body.dataOptions,
      enabled: body.enabled,
      secret: deps.secrets.seal(secret),
      configuredBy: ctx.user.id,
    })
    .returning();
  return { ...present(row!, deps.secrets, true), secret };
}

export async function updateWebhook(
  ctx: TenantContext,
  deps: WebhookDeps,
  formId: number,
  webhookId: number,
  body: TWebhookPatchBody,
) {
  const current = await loadWebhook(ctx, formId, webhookId);
  // Sent back as it was shown (the edit page sends every setting), the address is unchanged.
  const endpoint =
    body.endpoint !== undefined && body.endpoint !== hiddenEndpoint(current.endpoint)
      ? await guardedEndpoint(body.endpoint, deps.allow)
      : undefined;
  const changed = <T>(next: T | undefined, now: T) => next !== undefined && !isDeepStrictEqual(next, now);
  // A new address or credentials make the webhook its changer's: it then sends what they may read.
  const moved =
    changed(endpoint, current.endpoint) ||
    changed(body.authorization, openAuthorization(current, deps.secrets));
  // Those, what and when it sends, and turning it on all hand its data on: only a reader of all it
  // sends may. A new title, or turning it off, hands nothing on.
  const handsOn =
    moved ||
    changed(body.requestType, current.requestType) ||
    changed(body.format, current.format) ||
    changed(body.condition, current.condition) ||
    changed(body.dataOptions, current.dataOptions) ||
    (body.enabled === true && !current.enabled);
  if (handsOn) await authorizeChannelChange(ctx, await loadForm(ctx, formId), current.configuredBy);
  const changes: Partial<typeof webhooks.$inferInsert> = {
    ...(moved ? { configuredBy: ctx.user.id } : {}),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(body.requestType !== undefined ? { requestType: body.requestType } : {}),
    ...(body.format !== undefined ? { format: body.format } : {}),
    ...(body.authorization !== undefined
      ? { authorization: deps.secrets.seal(JSON.stringify(body.authorization)) }
      : {}),
    ...(body.condition !== undefined ? { condition: body.condition } : {}),
    ...(body.dataOptions !== undefined ? { dataOptions: body.dataOptions } : {}),
    // Turned on again by a user: the server's reason for turning it off no longer holds.
    ...(body.enabled !== undefined ? { enabled: body.enabled, disabledReason: null } : {}),
  };
  // A body with nothing to change leaves the webhook as it is.
  if (Object.keys(changes).length === 0) return (await presented(ctx, deps.secrets, [current]))[0]!;
  const [row] = await ctx.db
    .update(webhooks)
    .set(changes)
    .where(
      and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId), eq(webhooks.id, webhookId)),
    )
    .returning();
  if (!row) throw notFound("webhook.not_found");
  return (await presented(ctx, deps.secrets, [row]))[0]!;
}

export async function deleteWebhook(ctx: TenantContext, formId: number, webhookId: number) {
  const gone = await ctx.db
    .delete(webhooks)
    .where(
      and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId), eq(webhooks.id, webhookId)),
    )
    .returning({ id: webhooks.id });
  if (gone.length === 0) throw notFound("webhook.not_found");
}

/** How long deliveries carry the old secret's signature too after a rotation. */
export const ROTATION_OVERLAP_HOURS = 24;

/**
 * Gives the webhook a new signing secret. For a day the deliveries carry signatures by both the
 * new and the old one (Standard Webhooks allows several), so the receiver can switch over then.
 */
export async function rotateSecret(ctx: TenantContext, deps: WebhookDeps, formId: number, webhookId: number) {
  const current = await loadWebhook(ctx, formId, webhookId);
  // The secret signs what the webhook sends: it is given only to a reader of all of that.
  await authorizeChannelChange(ctx, await loadForm(ctx, formId), current.configuredBy);
  const secret = newSecret();
  const [row] = await ctx.db
    .update(webhooks)
    .set({
      secret: deps.secrets.seal(secret),
      previousSecret: current.secret,
      previousSecretUntil: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
    })
    .where(and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.id, webhookId)))
    .returning();
  if (!row) throw notFound("webhook.not_found");
  return { ...present(row, deps.secrets, true), secret };
}

/** The delivery log: the latest deliveries first, each with every attempt made. */
export async function listDeliveries(
  ctx: TenantContext,
  formId: number,
  webhookId: number,
): Promise<TWebhookDelivery[]> {
  // The log names submissions and their times: it is for readers of the form's answers.
  assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
  await loadWebhook(ctx, formId, webhookId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, ctx.accountId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  const numbers = await answerNumbers(
    ctx,
    rows.map((row) => row.answerId),
  );
  const attempts = rows.length
    ? await ctx.db
        .select()
        .from(webhookAttempts)
        .where(
          and(
            eq(webhookAttempts.accountId, ctx.accountId),
            inArray(
              webhookAttempts.deliveryId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(webhookAttempts.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    answerId: row.answerId,
    answerNumber: numbers.get(row.answerId) ?? null,
    state: row.state as TWebhookDelivery["state"],
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        responseStatus: attempt.responseStatus,
        durationMs: attempt.durationMs,
        ok: attempt.ok,
        error: attempt.error,
      })),
    nextAttemptAt: row.state === "queued" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/**
 * Sends a delivery again, now, under its own event id (receivers that already took it can tell).
 * Its earlier attempts stay in the log; the count of attempts starts over.
 */
export async function replayDelivery(
  ctx: TenantContext,
  formId: number,
  webhookId: number,
  deliveryId: number,
) {
  const hook = await loadWebhook(ctx, formId, webhookId);
  // Sent again, earlier answers reach the endpoint once more: only for a reader of all it sends.
  await authorizeChannelChange(ctx, await loadForm(ctx, formId), hook.configuredBy);
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ state: "queued", attempts: 0, nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.accountId, ctx.accountId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!row) throw notFound("webhook.delivery.not_found");
}
