import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

/**
 * The areas an interviewer works in: polygons of their account, each in one of the nine polygon
 * colours (core's POLYGON_COLORS), corners kept as [{ lat, lng }, …] (core's ZAreaPoint).
 */
export const interviewerAreas = pgTable(
  "interviewer_areas",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    id: integer("id").generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    points: jsonb("points").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("interviewer_areas_user_idx").on(t.accountId, t.userId, t.id),
  ],
);
