import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

/** The questions database: elements an account keeps in named categories (core's ZElement). */
export const savedElements = pgTable(
  "saved_elements",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    category: text("category").notNull(),
    element: jsonb("element").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("saved_elements_category_idx").on(t.accountId, sql`lower(${t.category})`),
  ],
);
