import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

/** An account's brand kit (forms.md §3): one per account, applied to its forms in one click. */
export const brandKits = pgTable("brand_kits", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** ZBrandKit, checked on every write. */
  kit: jsonb("kit").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pictures an account uploads for its brand kit: public by their random id (`/api/assets/<id>`),
 * since its published forms show them to anyone.
 */
export const brandAssets = pgTable(
  "brand_assets",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /**
     * When a kit save or housekeeping last saw the picture named anywhere; null while it never was
     * (an upload not saved yet). See unused-pictures.ts for when it is removed.
     */
    lastReferencedAt: timestamp("last_referenced_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index("brand_assets_id_idx").on(t.id)],
);
