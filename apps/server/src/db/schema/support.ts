import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

/**
 * A support ticket of an account (platform.md §2, §4, §9). Its answer count and who wrote last
 * are kept by the transaction that adds each message, so the list reads one row per ticket.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    topic: text("topic").notNull(),
    priority: text("priority").notNull(),
    status: text("status").notNull().default("new"),
    answerCount: integer("answer_count").notNull().default(0),
    lastMessageById: integer("last_message_by_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageByOperator: boolean("last_message_by_operator").notNull().default(false),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("support_tickets_account_last_idx").on(t.accountId, t.lastMessageAt),
    // Operators open a ticket by its id alone, across accounts.
    index("support_tickets_id_idx").on(t.id),
    check("support_tickets_status", sql`${t.status} in ('new', 'in_progress', 'reopened', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    ticketId: integer("ticket_id").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    byOperator: boolean("by_operator").notNull().default(false),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: "support_messages_ticket_fk",
      columns: [t.accountId, t.ticketId],
      foreignColumns: [supportTickets.accountId, supportTickets.id],
    }).onDelete("cascade"),
    index("support_messages_ticket_idx").on(t.accountId, t.ticketId, t.id),
  ],
);

/** A file sent with a message: uploaded first, then taken by the message its uploader writes. */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** 32 random hex digits, also its name in the storage. */
    id: text("id").notNull(),
    messageId: integer("message_id"),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: "support_attachments_message_fk",
      columns: [t.accountId, t.messageId],
      foreignColumns: [supportMessages.accountId, supportMessages.id],
    }).onDelete("cascade"),
    index("support_attachments_message_idx").on(t.accountId, t.messageId),
  ],
);
