import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

export const accounts = pgTable(
  "accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    subdomain: text("subdomain").notNull().unique(),
    type: text("type", { enum: ["individual", "company"] }).notNull(),
    status: text("status").notNull().default("active"),
    /**
     * Days what was recorded of the account's respondents is kept (recordings-retention.ts); null:
     * as long as the submission.
     */
    recordingsRetentionDays: integer("recordings_retention_days"),
    /** When the retention job last swept the account. */
    recordingsSweptAt: timestamp("recordings_swept_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("accounts_recordings_retention_days_check", sql`${t.recordingsRetentionDays} between 1 and 3650`),
  ],
);

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
    /**
     * The generation of the user's sign-ins, written into each access token: ending them all
     * (a password change, signing out everywhere) moves it on, and older tokens are refused.
     */
    tokenVersion: integer("token_version").notNull().default(0),
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
