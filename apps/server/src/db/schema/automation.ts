import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, dueJobsIndex, retriedJob } from "./columns.ts";
import { formForeignKey } from "./forms.ts";
import { accounts } from "./identity.ts";

/** A form's e-mail notifications (platform.md §3 "E-mail notification"). */
export const emailNotifications = pgTable(
  "email_notifications",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    adminName: text("admin_name").notNull(),
    /** The sender's name shown; the address is MAIL_FROM's. */
    fromName: text("from_name").notNull().default(""),
    /** core's TEmailRecipients. */
    recipients: jsonb("recipients").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** form_submitted, or rules_action (sent only when a rule's send-e-mail action names it). */
    event: text("event").notNull().default("form_submitted"),
    enabled: boolean("enabled").notNull().default(true),
    /**
     * Who made it or last changed it: a mail carries what this user may read of the form at the
     * time it is composed. Null for notifications made before it was kept: those carry what the
     * form's author reads.
     */
    configuredBy: integer("configured_by"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    index("email_notifications_form_idx").on(t.accountId, t.formId),
  ],
);

/**
 * What a stored submission still has to cause on the server: its e-mail notifications and the
 * side effects of the rules it made hold. Queued by a trigger in the statement that stores the
 * submission (only for forms that have such automation), then run by the automation worker like
 * the other queues: claimed with SKIP LOCKED, retried with exponential backoff and jitter.
 */
export const automationJobs = pgTable(
  "automation_jobs",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    answerId: integer("answer_id").notNull(),
    /** state: queued, done, or failed (gave up after the last attempt). */
    ...retriedJob(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    dueJobsIndex("automation_jobs_due_idx", t),
  ],
);
