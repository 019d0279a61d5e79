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
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    city: text("city").notNull().default(""),
    country: text("country").notNull().default(""),
    phone: text("phone").notNull().default(""),
    dateOfBirth: text("date_of_birth"),
    website: text("website").notNull().default(""),
    gender: text("gender", { enum: ["female", "male", "unknown"] })
      .notNull()
      .default("unknown"),
    about: text("about").notNull().default(""),
    /** The stored picture's file name under DATA_DIR/avatars. */
    avatar: text("avatar"),
    locale: text("locale").notNull().default("en"),
    timezone: text("timezone").notNull().default("UTC"),
    currency: text("currency").notNull().default("EUR"),
    isAccountAdmin: boolean("is_account_admin").notNull().default(false),
    createdAt: createdAt(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
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

/**
 * Marks of rate-limited requests (a reset link sent, a confirmation mail resent), kept in the
 * database so every server process sees them. Sign-in tries are counted in sign_in_counters.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_failures_key_idx").on(t.key, t.createdAt)],
);

/**
 * Sign-in attempts per key (a user and an address, a user, an address) in a fixed window: one
 * row per key, bumped by a single upsert before the password is checked, so parallel requests
 * cannot all slip under the limit. `notBefore` holds back the next try of a key with growing delays.
 */
export const signInCounters = pgTable("sign_in_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Also the version a cached copy of the form is checked against when a submission is stored. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
    /** The signed respondent cookie's id the server issued to this browser, if it sent one. */
    respondent: text("respondent"),
    ip: text("ip"),
    /**
     * Names one submission within its form: the client's Idempotency-Key, else one the server
     * makes. A retried submission with the same key is stored once.
     */
    submissionKey: text("submission_key").notNull().default(sql`gen_random_uuid()::text`),
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
    uniqueIndex("form_answers_submission_key").on(t.accountId, t.formId, t.submissionKey),
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
    /** What the message is for; admins read an account's invitations in the outbox when there is no SMTP. */
    kind: text("kind").notNull().default("system"),
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

/** The grantable permissions (core's GRANTABLE_PERMISSIONS) a group gives its members. */
export const groupPermissions = pgTable(
  "group_permissions",
  {
    accountId: integer("account_id").notNull(),
    groupId: integer("group_id").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.permission] }),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** A group's access to one form's answers; no row means no access. */
export const formGroupAccess = pgTable(
  "form_group_access",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    groupId: integer("group_id").notNull(),
    level: text("level", { enum: ["none", "all", "fields"] }).notNull(),
    /** With level "fields": the element ids whose answers the group sees. */
    fieldIds: jsonb("field_ids").$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.formId, t.groupId] }),
    foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Invitations to join an account; the code travels only in the e-mail and is stored hashed. */
export const invitations = pgTable(
  "invitations",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull().unique(),
    status: text("status", { enum: ["pending", "accepted", "revoked"] })
      .notNull()
      .default("pending"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("invitations_account_email_idx").on(t.accountId, sql`lower(${t.email})`),
  ],
);

/** The groups an invitee joins on accepting, chosen by the inviter; a deleted group drops out. */
export const invitationGroups = pgTable(
  "invitation_groups",
  {
    accountId: integer("account_id").notNull(),
    invitationId: integer("invitation_id").notNull(),
    groupId: integer("group_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.invitationId, t.groupId] }),
    foreignKey({
      columns: [t.accountId, t.invitationId],
      foreignColumns: [invitations.accountId, invitations.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Tokens with which external apps call the API as the user who made them; stored hashed. */
export const externalApps = pgTable(
  "external_apps",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    allowedIps: jsonb("allowed_ips").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    tokenHash: text("token_hash").notNull().unique(),
    tokenStart: text("token_start").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/** E-mail confirmation codes, sent on registration: stored hashed, used once, valid for a week. */
export const emailConfirmations = pgTable("email_confirmations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Third-party services' keys of an account, encrypted (auth/secret-box.ts): the product reads them back. */
export const accountApiKeys = pgTable(
  "account_api_keys",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    service: text("service").notNull(),
    keySealed: text("key_sealed").notNull(),
    keyEnd: text("key_end").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/**
 * Files respondents uploaded to a form's file, image, photo or audio field. The id is the upload
 * id an answer refers to; the bytes live in the file storage under `storageKey`. A file belongs to
 * its form, and once a submission refers to it, to that submission: deleting either removes it,
 * and an upload no submission took is removed by housekeeping after a day.
 */
export const formFiles = pgTable(
  "form_files",
  {
    id: text("id").primaryKey(),
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    fieldId: text("field_id").notNull(),
    /** The submission that took the file; null until one does. */
    answerId: integer("answer_id"),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_files_form_idx").on(t.accountId, t.formId, t.answerId),
    index("form_files_unclaimed_idx").on(t.createdAt).where(sql`${t.answerId} is null`),
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
