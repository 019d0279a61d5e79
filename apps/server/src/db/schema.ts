import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable("accounts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  subdomain: text("subdomain").notNull().unique(),
  type: text("type", { enum: ["individual", "company"] }).notNull(),
  status: text("status").notNull().default("active"),
  createdAt: createdAt(),
});

/** Users are global: one may register before belonging to an account. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id").references(() => accounts.id),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    locale: text("locale").notNull().default("en"),
    timezone: text("timezone").notNull().default("UTC"),
    currency: text("currency").notNull().default("EUR"),
    isAccountAdmin: boolean("is_account_admin").notNull().default(false),
    createdAt: createdAt(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
  ],
);

/** Refresh tokens rotate: each is used once; reusing a spent one ends its whole family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    family: text("family").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.family)],
);

/** Failed sign-ins, counted in the database so every server process sees the same limit. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_failures_key_idx").on(t.key, t.createdAt)],
);

export const forms = pgTable(
  "forms",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    id: integer("id").generatedAlwaysAsIdentity(),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    alias: text("alias").notNull(),
    isPublished: boolean("is_published").notNull(),
    /** The form's settings (core's ZFormSettings) as one document. */
    settings: jsonb("settings").notNull(),
    /** The form's elements (core's ZElements). */
    fields: jsonb("fields").notNull(),
    /** The core model version the documents were written at (core's MODEL_VERSION); 0 = read through the schemas. */
    modelVersion: integer("model_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("forms_id_idx").on(t.id),
    uniqueIndex("forms_account_alias_key").on(t.accountId, t.alias),
  ],
);

export const formAnswers = pgTable(
  "form_answers",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    startTime: timestamp("start_time", { withTimezone: true }),
    submitTime: timestamp("submit_time", { withTimezone: true }).notNull().defaultNow(),
    formPassingTime: integer("form_passing_time"),
    answers: jsonb("answers").notNull(),
    device: jsonb("device").notNull(),
    deviceFingerprint: text("device_fingerprint"),
    ip: text("ip"),
    miscData: jsonb("misc_data"),
    isViewed: boolean("is_viewed").notNull().default(false),
    /** Calculation forms: the total score, the result (core's ResultOutcome) and each field's points. */
    score: doublePrecision("score"),
    result: jsonb("result"),
    fieldScores: jsonb("field_scores"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }),
    index("form_answers_form_submit_idx").on(t.accountId, t.formId, t.submitTime),
    index("form_answers_unread_idx").on(t.accountId, t.formId).where(sql`not ${t.isViewed}`),
  ],
);

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
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Password reset codes: stored hashed, used once, valid for an hour. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);

/** Groups of an account's users; permissions are granted per group. */
export const groups = pgTable(
  "groups",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("groups_account_name_key").on(t.accountId, sql`lower(${t.name})`),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    accountId: integer("account_id").notNull(),
    groupId: integer("group_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);
