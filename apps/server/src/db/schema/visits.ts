import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";

/**
 * How often a form's public page was opened, one row per form and hour, raised by one upsert
 * each time a browser is served the page (never a row per view), for the submit rate. Hours, not
 * days: a reader's day begins at their midnight, which is seldom UTC's.
 */
export const formViewHours = pgTable(
  "form_view_hours",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    /** The start of the hour the views fell in. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.formId, t.hour] }), formForeignKey(t)],
);

/**
 * Fillings a respondent began: the first time they touched a question, the page reports the
 * filling's key (the one its submission is later sent under), stored once per key.
 */
export const formStarts = pgTable(
  "form_starts",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    visitKey: text("visit_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.formId, t.visitKey] }),
    formForeignKey(t),
    index("form_starts_form_created_idx").on(t.accountId, t.formId, t.createdAt),
  ],
);
