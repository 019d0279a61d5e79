import { sql } from "drizzle-orm";
import {
  check,
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
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

/**
 * The services the instance offers (platform.md §1 "marketplace"): a price per period (a month)
 * or per use, and what each unlocks. The catalogue is the instance's, not an account's.
 */
export const services = pgTable("services", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  /** "period" (charged once a month while added), "use" (charged per use) or "free". */
  pricing: text("pricing").notNull(),
  priceCents: integer("price_cents").notNull(),
  unlocks: jsonb("unlocks").$type<string[]>().notNull().default([]),
  position: integer("position").notNull().default(0),
});

/** The services an account has added; removing one deletes its row. */
export const accountServices = pgTable(
  "account_services",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.serviceId] })],
);

/**
 * An account's balance, kept in the same transaction as the ledger entries that move it, and
 * the most its plan lets it owe: the balance never goes below `-credit_limit_cents`.
 */
export const billingBalances = pgTable(
  "billing_balances",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    balanceCents: integer("balance_cents").notNull().default(0),
    plan: text("plan").notNull().default("free"),
    creditLimitCents: integer("credit_limit_cents").notNull().default(0),
  },
  (t) => [check("billing_balances_floor", sql`${t.balanceCents} >= -${t.creditLimitCents}`)],
);

/**
 * One movement of money (a payment, a service charge, a refund), written once: `key` makes it
 * idempotent (a payment's id, a service and its period), so a retried job or a webhook delivered
 * again posts nothing more. Each movement has exactly two entries that sum to zero.
 */
export const ledgerMovements = pgTable(
  "ledger_movements",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    /** "payment", "charge", "refund", "dispute", "loss", "reinstatement", "recovery" or "returned" (ledger.ts). */
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    comment: text("comment").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("ledger_movements_key_idx").on(t.accountId, t.key),
    index("ledger_movements_time_idx").on(t.accountId, t.createdAt),
    check("ledger_movements_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The double entries: `book` is the account's "balance", or the counter book the money came from
 * or went to ("payments" for money from outside, "revenue" for what services earned).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    movementId: integer("movement_id").notNull(),
    book: text("book").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.movementId],
      foreignColumns: [ledgerMovements.accountId, ledgerMovements.id],
    }).onDelete("cascade"),
    uniqueIndex("ledger_entries_book_idx").on(t.accountId, t.movementId, t.book),
  ],
);

/**
 * A payment through a provider: to an account's balance, or a donation (no account). `public_id`
 * names it in the provider's return links; `provider_ref` is the provider's own id (a Stripe
 * Checkout session). It settles once: from pending to paid or failed.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    publicId: text("public_id").notNull().unique(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "balance", or the donation project: "freedom" or "support". */
    purpose: text("purpose").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").unique(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [index("payments_account_idx").on(t.accountId, t.createdAt)],
);
