import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";

/**
 * How often a form's public page was opened, one row per form and UTC day, raised by one upsert
 * each time a browser is served the page (never a row per view), for the submit rate.
 */
export const formViewDays = pgTable(
  "form_view_days",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    /** The UTC day the views fell on. */
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.formId, t.day] }), formForeignKey(t)],
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
