/**
 * The product's actions, each with a named permission (platform.md §6). Account admins may do
 * everything. The grantable permissions are given to members through their groups; the
 * admin-only ones decide who may do what, so granting them would let a member raise their own
 * rights, and they are never stored on a group.
 */
export const PERMISSION_CATEGORIES = [
  {
    id: "forms",
    title: "Forms",
    permissions: [
      { id: "forms.view", title: "View forms" },
      { id: "forms.create", title: "Create and clone forms" },
      { id: "forms.edit", title: "Edit forms" },
      { id: "forms.delete", title: "Delete forms" },
    ],
  },
  {
    id: "results",
    title: "Results",
    permissions: [
      { id: "results.view", title: "View results" },
      { id: "results.mark", title: "Mark results as read or unread" },
      { id: "results.delete", title: "Delete results" },
    ],
  },
  {
    id: "users",
    title: "Users",
    permissions: [
      { id: "users.view", title: "View users" },
      { id: "users.edit", title: "Edit other users' profiles" },
    ],
  },
  {
    id: "groups",
    title: "Groups",
    permissions: [{ id: "groups.view", title: "View groups and their members" }],
  },
  {
    id: "invitations",
    title: "Invitations",
    permissions: [
      { id: "invitations.view", title: "View invitations" },
      { id: "invitations.send", title: "Send and revoke invitations" },
    ],
  },
  {
    id: "account",
    title: "Account",
    permissions: [{ id: "account.resources", title: "View the account's resources" }],
  },
  {
    id: "external_apps",
    title: "External apps",
    permissions: [{ id: "external_apps.manage", title: "Manage external-app tokens" }],
  },
  {
    id: "billing",
    title: "Billing",
    permissions: [
      { id: "billing.view", title: "View the balance and billing history" },
      { id: "billing.pay", title: "Pay, and add or remove services" },
    ],
  },
] as const;

export type GrantablePermission = (typeof PERMISSION_CATEGORIES)[number]["permissions"][number]["id"];

export const GRANTABLE_PERMISSIONS: readonly GrantablePermission[] = PERMISSION_CATEGORIES.flatMap(
  (category) => category.permissions.map((permission) => permission.id),
);

/** Actions reserved to account admins. */
export const ADMIN_ONLY_PERMISSIONS = [
  "groups.manage",
  "permissions.manage",
  "account.edit",
  "account.outbox",
  "users.remove",
  // Common themes are the whole account's look: only its admins change them.
  "themes.common.manage",
] as const;
export type AdminOnlyPermission = (typeof ADMIN_ONLY_PERMISSIONS)[number];

/** Actions every member of an account may do (seeing the account they belong to). */
export const MEMBER_PERMISSIONS = ["account.view"] as const;

export type Permission = GrantablePermission | AdminOnlyPermission | (typeof MEMBER_PERMISSIONS)[number];

/** A group's data access to a form (platform.md §4). */
export const DATA_ACCESS_LEVELS = ["none", "all", "fields"] as const;
export type DataAccessLevel = (typeof DATA_ACCESS_LEVELS)[number];

/** What one reader may see of a form's answers: everything, nothing, or these fields only. */
export type AnswerAccess =
  | { level: "all" }
  | { level: "none" }
  | { level: "fields"; fieldIds: ReadonlySet<string> };

/** What both accesses show: a channel's maker's and its reader's, the narrower field by field. */
export function commonAccess(a: AnswerAccess, b: AnswerAccess): AnswerAccess {
  if (a.level === "none" || b.level === "none") return { level: "none" };
  if (a.level === "all") return b;
  if (b.level === "all") return a;
  const fieldIds = new Set([...a.fieldIds].filter((fieldId) => b.fieldIds.has(fieldId)));
  return fieldIds.size > 0 ? { level: "fields", fieldIds } : { level: "none" };
}

/** The widest access any of a reader's groups gives: whole form beats selected fields beats none. */
export function combineAccess(
  grants: readonly { level: DataAccessLevel; fieldIds: readonly string[] }[],
): AnswerAccess {
  if (grants.some((grant) => grant.level === "all")) return { level: "all" };
  const fieldIds = new Set(
    grants.filter((grant) => grant.level === "fields").flatMap((grant) => grant.fieldIds),
  );
  return fieldIds.size > 0 ? { level: "fields", fieldIds } : { level: "none" };
}
