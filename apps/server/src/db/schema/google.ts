import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/**
 * A user's own Google account, connected for exports to Google Sheets (features/exports/google-account.ts).
 * Both tokens are sealed with SECRET_KEY (auth/secret-box.ts) and never leave the server; the
 * access token is renewed with the refresh token once it has expired. Disconnecting deletes the row.
 */
export const googleConnections = pgTable("google_connections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
  refreshToken: text("refresh_token"),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Consents under way: the hash of the `state` sent to Google, whose it is, the PKCE verifier
 * (sealed) and where to return. Taken once by the callback; unused ones expire after minutes.
 */
export const googleAuthorizations = pgTable(
  "google_authorizations",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verifier: text("verifier").notNull(),
    returnTo: text("return_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("google_authorizations_user_idx").on(t.userId)],
);
