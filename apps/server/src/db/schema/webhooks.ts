import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, dueJobsIndex, retriedJob } from "./columns.ts";
import { formForeignKey } from "./forms.ts";
import { accounts } from "./identity.ts";
import { externalApps } from "./teams.ts";

/**
 * A form's webhooks (platform.md §2 "Webhook"). The signing secret and the authorization are
 * sealed with SECRET_KEY; the endpoint passed the address guard when it was saved.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    title: text("title").notNull(),
    endpoint: text("endpoint").notNull(),
    requestType: text("request_type").notNull().default("POST"),
    /** core's WEBHOOK_FORMATS: the JSON payload, or a Slack, Discord or Teams message. */
    format: text("format").notNull().default("standard"),
    /** core's TWebhookAuthorization as sealed JSON. */
    authorization: text("authorization").notNull(),
    condition: text("condition").notNull().default("each_submission"),
    dataOptions: jsonb("data_options").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Made by a REST-hook subscription (POST /api/hooks), which only DELETE /api/hooks removes. */
    restHook: boolean("rest_hook").notNull().default(false),
    /** The whsec_ secret, sealed. */
    secret: text("secret").notNull(),
    /** After a rotation, the secret before it (sealed): deliveries are signed with both until then. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    /** Why the server turned it off, if it did (the receiver answered 410 Gone). */
    disabledReason: text("disabled_reason"),
    /**
     * Who made it or last changed it: a delivery carries what this user may read of the form at
     * the time it is sent. Null for webhooks made before it was kept: those send what the form's
     * author reads.
     */
    configuredBy: integer("configured_by"),
    /**
     * The external app whose token subscribed it (a REST hook): it sends only while that token
     * works, and goes when the token is deleted. Null for a webhook made by a person.
     */
    externalAppId: integer("external_app_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    foreignKey({
      name: "webhooks_external_app_fk",
      columns: [t.accountId, t.externalAppId],
      foreignColumns: [externalApps.accountId, externalApps.id],
    }).onDelete("cascade"),
    index("webhooks_form_idx").on(t.accountId, t.formId),
  ],
);

/**
 * One event to send to one webhook, queued by a trigger in the statement that stores the
 * submission, then sent with retries like the mail outbox (claimed with SKIP LOCKED).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    webhookId: integer("webhook_id").notNull(),
    formId: integer("form_id").notNull(),
    answerId: integer("answer_id").notNull(),
    /** The webhook-id header: the same on every attempt and replay, so receivers can drop repeats. */
    eventId: text("event_id").notNull(),
    /** state: queued, done, failed (gave up), or disabled (the webhook was turned off meanwhile). */
    ...retriedJob(),
    lastStatus: integer("last_status"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.webhookId],
      foreignColumns: [webhooks.accountId, webhooks.id],
    }).onDelete("cascade"),
    dueJobsIndex("webhook_deliveries_due_idx", t),
    index("webhook_deliveries_webhook_idx").on(t.accountId, t.webhookId, t.id),
  ],
);

/** Every attempt at a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    deliveryId: integer("delivery_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The response's status; null when none came. */
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    error: text("error"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.deliveryId],
      foreignColumns: [webhookDeliveries.accountId, webhookDeliveries.id],
    }).onDelete("cascade"),
    index("webhook_attempts_delivery_idx").on(t.accountId, t.deliveryId),
  ],
);
