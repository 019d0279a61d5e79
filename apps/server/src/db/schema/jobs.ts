import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { attempts, createdAt, jobState, nextAttemptAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";
import { accounts, users } from "./identity.ts";

/**
 * Outgoing mail, written in the same transaction as the event that causes it and sent by
 * the mailer afterwards, so a message is never lost between the two. Every attempt counts.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** An HTML body (already sanitised) sent with `text` as its plain-text alternative. */
    html: text("html"),
    /** The sender's name shown instead of MAIL_FROM's, with MAIL_FROM's address. */
    fromName: text("from_name"),
    /** What the message is for; admins read an account's invitations in the outbox when there is no SMTP. */
    kind: text("kind").notNull().default("system"),
    createdAt: createdAt(),
    attempts: attempts(),
    nextAttemptAt: nextAttemptAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * Exports too large to answer in one request: drained by the server (features/exports/jobs.ts)
 * with SKIP LOCKED, so several processes can share them. Progress is counted in submissions; the
 * finished file lives in the file storage and is downloaded with a token (only its hash is kept)
 * until `expires_at`, after which housekeeping removes both.
 */
export const exportJobs = pgTable(
  "export_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    formId: integer("form_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    /** "file" (stored, then downloaded) or "google_sheets" (written to a new spreadsheet of the user's). */
    destination: text("destination").notNull().default("file"),
    /** The spreadsheet's address once a Google Sheets export is done. */
    sheetUrl: text("sheet_url"),
    /** The request's options: data types, plain text, table name, time zone. */
    options: jsonb("options").notNull(),
    state: jobState(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key"),
    tokenHash: text("token_hash"),
    error: text("error"),
    attempts: attempts(),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    formForeignKey(t),
    index("export_jobs_due_idx").on(t.createdAt).where(sql`${t.state} in ('queued', 'running')`),
    uniqueIndex("export_jobs_token_key").on(t.tokenHash),
  ],
);

/**
 * Captcha solutions already used, by their signature, kept until the challenge expires: the
 * unique key lets one solution through once, however many requests carry it at the same moment.
 */
export const captchaSolutions = pgTable("captcha_solutions", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Requests of anonymous public calls (uploads, behaviour batches) per key (a respondent, an
 * address, a form) in a fixed window: one row per key, bumped by a single upsert before the work
 * is done, so a burst of parallel requests cannot all slip under the limit (public-limits.ts).
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
});
