import { sql } from "drizzle-orm";
import {
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
import { formForeignKey } from "./forms.ts";
import { accounts, users } from "./identity.ts";

/** Groups of an account's users; permissions are granted per group. */
export const groups = pgTable(
  "groups",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("groups_account_name_key").on(t.accountId, sql`lower(${t.name})`),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    accountId: integer("account_id").notNull(),
    groupId: integer("group_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** The grantable permissions (core's GRANTABLE_PERMISSIONS) a group gives its members. */
export const groupPermissions = pgTable(
  "group_permissions",
  {
    accountId: integer("account_id").notNull(),
    groupId: integer("group_id").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.permission] }),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** A group's access to one form's answers; no row means no access. */
export const formGroupAccess = pgTable(
  "form_group_access",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    groupId: integer("group_id").notNull(),
    level: text("level", { enum: ["none", "all", "fields"] }).notNull(),
    /** With level "fields": the element ids whose answers the group sees. */
    fieldIds: jsonb("field_ids").$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.formId, t.groupId] }),
    formForeignKey(t),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Invitations to join an account; the code travels only in the e-mail and is stored hashed. */
export const invitations = pgTable(
  "invitations",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull().unique(),
    status: text("status", { enum: ["pending", "accepted", "revoked"] })
      .notNull()
      .default("pending"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("invitations_account_email_idx").on(t.accountId, sql`lower(${t.email})`),
  ],
);

/** The groups an invitee joins on accepting, chosen by the inviter; a deleted group drops out. */
export const invitationGroups = pgTable(
  "invitation_groups",
  {
    accountId: integer("account_id").notNull(),
    invitationId: integer("invitation_id").notNull(),
    groupId: integer("group_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.invitationId, t.groupId] }),
    foreignKey({
      columns: [t.accountId, t.invitationId],
      foreignColumns: [invitations.accountId, invitations.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Tokens with which external apps call the API as the user who made them; stored hashed. */
export const externalApps = pgTable(
  "external_apps",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    allowedIps: jsonb("allowed_ips").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    tokenHash: text("token_hash").notNull().unique(),
    tokenStart: text("token_start").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/** Third-party services' keys of an account, encrypted (auth/secret-box.ts): the product reads them back. */
export const accountApiKeys = pgTable(
  "account_api_keys",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    service: text("service").notNull(),
    keySealed: text("key_sealed").notNull(),
    keyEnd: text("key_end").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);
