import type { TWebhookPayload, TWebhookPayloadData } from "@formloom/core/api/webhook-payload";
import { webhookBody } from "@formloom/core/api/webhook-presets";
import type { TWebhookFormat } from "@formloom/core/api/webhooks";
import { type BehaviorAttributes, behaviorAttributes } from "@formloom/core/behavior-attributes";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { externalAppWorks } from "../../auth/external-app-tokens.ts";
import type { SecretBox } from "../../auth/secret-box.ts";
import type { Db } from "../../db/connect.ts";
import { formAnswers, forms, webhookAttempts, webhookDeliveries, webhooks } from "../../db/schema.ts";
import { channelAccess, visibleStoredAnswer } from "../../http/policy.ts";
import { claimDue } from "../../jobs/claim-due.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import { eventsByKey } from "../answers/behavior-patterns.ts";
import { readForm } from "../forms/presenter.ts";
import { readableAnswers, resultLink } from "./readable.ts";
import { signedHeaders } from "./signing.ts";
import { type AllowList, checkEndpoint, type Resolver, sendToChecked } from "./ssrf.ts";

const BATCH = 10;
/** 30 s, 1 min, 2 min … the tenth attempt comes about four hours after the first. */
export const MAX_ATTEMPTS = 10;
const TIMEOUT_MS = 10_000;

interface Claimed {
  account_id: number;
  id: number;
  webhook_id: number;
  answer_id: number;
  event_id: string;
  attempts: number;
}

/**
 * Sends queued webhook deliveries the way the mail outbox sends mail: due rows are claimed with
 * SKIP LOCKED (several processes may share the table), and claiming one already moves its next
 * attempt on by the backoff (30 s × 2^n, ±25 % jitter), so a process that dies mid-send leaves it
 * to be tried again. Each request is signed by the Standard Webhooks rules with the endpoint's
 * secret and goes through the address guard again; only a 2xx answer delivers it, a 410 turns
 * the webhook off, anything else (a redirect too) is recorded and tried again, up to 10 times.
 */
export function startWebhookWorker(options: {
  db: Db;
  secrets: SecretBox;
  allow: AllowList;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Where the link to a submission's page points (settings.linkBase). */
  linkBase: string;
  timeoutMs?: number;
  resolve?: Resolver;
}): PeriodicWorker {
  const { db, secrets, log } = options;

  const claim = () =>
    claimDue<Claimed>(
      db,
      webhookDeliveries,
      sql`account_id, id, webhook_id, answer_id, event_id, attempts`,
      BATCH,
    );

  async function settle(
    delivery: Claimed,
    state: "queued" | "done" | "failed" | "disabled",
    attempt?: { status: number | null; durationMs: number; ok: boolean; error: string | null },
  ) {
    const finalState = state === "queued" && delivery.attempts >= MAX_ATTEMPTS ? "failed" : state;
    await db.transaction(async (tx) => {
      if (attempt) {
        await tx.insert(webhookAttempts).values({
          accountId: delivery.account_id,
          deliveryId: delivery.id,
          responseStatus: attempt.status,
          durationMs: attempt.durationMs,
          ok: attempt.ok,
          error: attempt.error?.slice(0, 500) ?? null,
        });
      }
      await tx
        .update(webhookDeliveries)
        .set({
          state: finalState,
          lastStatus: attempt?.status ?? null,
          ...(finalState === "done" ? { deliveredAt: new Date() } : {}),
        })
        .where(
          and(eq(webhookDeliveries.accountId, delivery.account_id), eq(webhookDeliveries.id, delivery.id)),
        );
    });
  }

  async function deliver(delivery: Claimed): Promise<boolean> {
    const [hook] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.accountId, delivery.account_id), eq(webhooks.id, delivery.webhook_id)));
    if (!hook?.enabled) {
      await settle(delivery, "disabled");
      return false;
    }
    // A REST hook sends only while the token that subscribed it works.
    if (hook.externalAppId !== null && !(await externalAppWorks(db, hook.accountId, hook.externalAppId))) {
      await settle(delivery, "failed", {
        status: null,
        durationMs: 0,
        ok: false,
        error: "api_token.invalid",
      });
      return false;
    }
    const checked = await checkEndpoint(hook.endpoint, options.allow, options.resolve);
    if (!checked.ok) {
      // The address is refused now (its name moved to a private address, or the allow-list
      // changed): recorded, and not tried again.
      await settle(delivery, "failed", { status: null, durationMs: 0, ok: false, error: checked.code });
      return false;
    }
    const [answer] = await db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.accountId, delivery.account_id), eq(formAnswers.id, delivery.answer_id)));
    if (!answer) {
      await settle(delivery, "failed", {
        status: null,
        durationMs: 0,
        ok: false,
        error: "submission deleted",
      });
      return false;
    }
    const [form] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.accountId, hook.accountId), eq(forms.id, hook.formId)));
    // The delivery carries what the webhook's maker (or last changer) may read of the form now.
    const access = form
      ? await channelAccess(db, hook.accountId, hook.configuredBy, form)
      : ({ level: "none" } as const);
    if (access.level === "none") {
      await settle(delivery, "failed", { status: null, durationMs: 0, ok: false, error: "not_allowed" });
      return false;
    }
    const now = new Date();
    const payload: TWebhookPayload = {
      type: "form.submitted",
      timestamp: now.toISOString(),
      data: payloadOf(visibleStoredAnswer(answer, access), hook.dataOptions as string[], {
        form: form!,
        linkBase: options.linkBase,
        // Measured from the filling's logged events the maker may read, only when asked for.
        behavior: (hook.dataOptions as string[]).includes("behaviour")
          ? behaviorAttributes(
              (
                await eventsByKey(
                  db,
                  { accountId: answer.accountId, formId: answer.formId },
                  [answer.submissionKey],
                  access,
                )
              ).get(answer.submissionKey) ?? [],
              readForm(form!).fields,
            )
          : null,
      }),
    };
    const body = JSON.stringify(webhookBody(hook.format as TWebhookFormat, payload));
    const headers = signedHeaders(hook, secrets, delivery.event_id, now, body);
    const result = await sendToChecked(checked.endpoint, {
      method: hook.requestType,
      headers,
      body,
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    });
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const error =
      result.error ??
      (result.status !== null && result.status >= 300 && result.status < 400
        ? "redirect not followed"
        : null);
    const attempt = { status: result.status, durationMs: result.durationMs, ok, error };
    if (ok) {
      await settle(delivery, "done", attempt);
      return true;
    }
    if (result.status === 410) {
      // The receiver says the endpoint is gone for good: the webhook stops, and so do its queued events.
      await settle(delivery, "disabled", attempt);
      await db.transaction(async (tx) => {
        await tx
          .update(webhooks)
          .set({ enabled: false, disabledReason: "gone" })
          .where(and(eq(webhooks.accountId, hook.accountId), eq(webhooks.id, hook.id)));
        await tx
          .update(webhookDeliveries)
          .set({ state: "disabled" })
          .where(
            and(
              eq(webhookDeliveries.accountId, hook.accountId),
              eq(webhookDeliveries.webhookId, hook.id),
              eq(webhookDeliveries.state, "queued"),
            ),
          );
      });
      return false;
    }
    log.warn(
      { webhookId: hook.id, deliveryId: delivery.id, attempt: delivery.attempts, status: result.status },
      "webhook not delivered",
    );
    await settle(delivery, "queued", attempt);
    return false;
  }

  async function sendDue(): Promise<number> {
    let delivered = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const delivery of batch) if (await deliver(delivery)) delivered++;
    }
    return delivered;
  }

  return periodicWorker(sendDue, { intervalMs: options.intervalMs, log, failure: "webhook worker failed" });
}

/**
 * What a delivery carries: the submission's identity, and the parts its data options ask for.
 * The answer given here is already cut to what the webhook's maker may read, and only its answers
 * get titles, so no title or option of a hidden question leaves with it.
 */
function payloadOf(
  answer: typeof formAnswers.$inferSelect,
  dataOptions: string[],
  about: { form: typeof forms.$inferSelect; linkBase: string; behavior: BehaviorAttributes | null },
): TWebhookPayloadData {
  const wants = new Set(dataOptions);
  const { fields } = readForm(about.form);
  return {
    formId: answer.formId,
    answerId: answer.id,
    number: answer.number,
    submitTime: answer.submitTime.toISOString(),
    form: { id: about.form.id, title: about.form.title },
    resultUrl: resultLink(about.linkBase, answer),
    ...(wants.has("form_answer") ? { answers: readableAnswers(fields, answer.answers) } : {}),
    ...(wants.has("calculation_results") ? { result: answer.result } : {}),
    ...(wants.has("score_and_tags")
      ? {
          score: answer.score,
          fieldScores: answer.fieldScores as Record<string, number> | null,
          tags: answer.tags,
        }
      : {}),
    ...(wants.has("respondent_info")
      ? { respondent: { userId: answer.userId, startTime: answer.startTime?.toISOString() ?? null } }
      : {}),
    ...(wants.has("geo") ? { geo: answer.geo } : {}),
    ...(wants.has("device") ? { device: answer.device } : {}),
    ...(wants.has("behaviour")
      ? { formPassingTime: answer.formPassingTime, behaviorAttributes: about.behavior }
      : {}),
  };
}
