import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";
import { users } from "./identity.ts";

/**
 * Read-only public links to a form's charts. The token travels only in the link and is stored
 * hashed; the figures are computed with the data permissions of the user who made the link,
 * checked again at each read, so a maker who loses access takes the link's figures with them.
 * Revoking deletes the row.
 */
export const sharedReports = pgTable(
  "shared_reports",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The link's first characters, for telling links apart in the list. */
    tokenStart: text("token_start").notNull(),
    createdAt: createdAt(),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    index("shared_reports_form_idx").on(t.accountId, t.formId),
  ],
);
