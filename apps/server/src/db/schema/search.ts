import { sql } from "drizzle-orm";
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formAnswers } from "./forms.ts";
import { accounts, users } from "./identity.ts";

/**
 * Each submission's answers as a person reads them (choice titles, not ids), one text per field,
 * for the global search. The database keeps the `document` tsvector from `body` in the form's
 * language (migration 0035; not declared here so rows are never read with it). Rows are written
 * by the search itself for submissions not yet indexed; deleting the submission deletes the row.
 */
export const answerSearch = pgTable(
  "answer_search",
  {
    accountId: integer("account_id").notNull(),
    answerId: integer("answer_id").notNull(),
    formId: integer("form_id").notNull(),
    submitTime: timestamp("submit_time", { withTimezone: true }).notNull(),
    /** Field id → the answer's text, so a reader of selected fields is matched on those only. */
    texts: jsonb("texts").notNull(),
    body: text("body").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.answerId] }),
    foreignKey({
      columns: [t.accountId, t.answerId],
      foreignColumns: [formAnswers.accountId, formAnswers.id],
    }).onDelete("cascade"),
    index("answer_search_form_idx").on(t.accountId, t.formId, t.submitTime),
  ],
);

/** Pages written by account admins (forms.md §5): internal (/page/{alias}) or public (/pages/:alias). */
export const customPages = pgTable(
  "custom_pages",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    alias: text("alias").notNull(),
    /** Sanitised HTML. */
    body: text("body").notNull(),
    isPublished: boolean("is_published").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // An alias names one page of its account, whether it is shown or not.
    uniqueIndex("custom_pages_account_alias_key").on(t.accountId, t.alias),
    // /pages/:alias names no account: a page shown there takes its alias everywhere, and only
    // such a page, so another account's drafts and internal pages stay unknown.
    uniqueIndex("custom_pages_public_alias_key").on(t.alias).where(sql`${t.isPublic} and ${t.isPublished}`),
  ],
);

/** The Help dropdown's links (platform.md §3), managed by account admins. */
export const helpMenuLinks = pgTable(
  "help_menu_links",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    text: text("text").notNull(),
    href: text("href").notNull(),
    typeMachineName: text("type_machine_name", { enum: ["internal_alias", "external_link"] }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/** Guided tours a user has finished or skipped, so they are not offered again. */
export const toursSeen = pgTable(
  "tours_seen",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tour: text("tour").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tour] })],
);

/** Answer search rows carry no tsvector in this declaration; see the migration. */
export type AnswerSearchTexts = Record<string, string>;
