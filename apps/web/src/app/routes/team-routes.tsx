import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AccountEditPage, AccountPage } from "../../features/account/components/account-pages.tsx";
import {
  AddApiKeyPage,
  ApiKeysPage,
  EditApiKeyPage,
} from "../../features/account/components/api-keys-pages.tsx";
import {
  EditExternalAppPage,
  ExternalAppsPage,
  NewExternalAppPage,
} from "../../features/external-apps/components/external-apps-pages.tsx";
import { GroupEditPage, GroupViewPage } from "../../features/groups/components/group-page.tsx";
import { GroupsListPage } from "../../features/groups/components/groups-list-page.tsx";
import { NewGroupPage } from "../../features/groups/components/new-group-page.tsx";
import { InvitationsPage, OutboxPage } from "../../features/invitations/components/invitations-page.tsx";
import { NewInvitationsPage } from "../../features/invitations/components/new-invitations-page.tsx";
import { GroupPermissionsPage } from "../../features/permissions/components/group-permissions-page.tsx";
import {
  DataPermissionsPage,
  FunctionalPermissionsPage,
} from "../../features/permissions/components/permissions-overview-pages.tsx";
import { UserEditPage, UserViewPage } from "../../features/users/components/profile-pages.tsx";
import { UsersListPage } from "../../features/users/components/users-list-page.tsx";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";

const groupsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/all",
  staticData: { title: msg("All groups") },
  component: GroupsListPage,
});

const newGroupRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/new",
  staticData: { title: msg("New group") },
  component: NewGroupPage,
});

const groupViewRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/view",
  params: idParams,
  staticData: { title: msg("Group") },
  component: GroupViewPage,
});

const groupEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/edit",
  params: idParams,
  staticData: { title: msg("Rename the group") },
  component: GroupEditPage,
});

const groupPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/permissions_functional",
  params: idParams,
  staticData: { title: msg("Functional permissions") },
  component: GroupPermissionsPage,
});

const functionalPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/permissions/functional",
  staticData: { title: msg("Functional permissions") },
  component: FunctionalPermissionsPage,
});

const dataPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/permissions/data",
  validateSearch: z.object({
    by: z.enum(["form", "group"]).optional(),
    id: z.coerce.number().int().positive().optional(),
  }),
  staticData: { title: msg("Data permissions") },
  component: DataPermissionsPage,
});

const usersRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/all",
  staticData: { title: msg("Users") },
  component: UsersListPage,
});

const userViewRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/$id/view",
  params: idParams,
  staticData: { title: msg("Profile") },
  component: UserViewPage,
});

const userEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit profile") },
  component: UserEditPage,
});

const invitationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/all",
  staticData: { title: msg("All invitations") },
  component: InvitationsPage,
});

const newInvitationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/new",
  staticData: { title: msg("Invite people") },
  component: NewInvitationsPage,
});

const outboxRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/outbox",
  staticData: { title: msg("Outbox") },
  component: OutboxPage,
});

const externalAppsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/all",
  staticData: { title: msg("External apps") },
  component: ExternalAppsPage,
});

const newExternalAppRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/new",
  staticData: { title: msg("New token") },
  component: NewExternalAppPage,
});

const editExternalAppRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit token") },
  component: EditExternalAppPage,
});

const accountInfoRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account",
  staticData: { title: msg("Account") },
  component: AccountPage,
});

const accountEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/edit",
  staticData: { title: msg("Edit the account") },
  component: AccountEditPage,
});

const apiKeysRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys",
  staticData: { title: msg("API keys") },
  component: ApiKeysPage,
});

const addApiKeyRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys/add",
  staticData: { title: msg("Add key") },
  component: AddApiKeyPage,
});

const editApiKeyRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit key") },
  component: EditApiKeyPage,
});

/** Users, groups, permissions, invitations, external apps and the account itself. */
export const teamRoutes = [
  groupsRoute,
  newGroupRoute,
  groupViewRoute,
  groupEditRoute,
  groupPermissionsRoute,
  functionalPermissionsRoute,
  dataPermissionsRoute,
  usersRoute,
  userViewRoute,
  userEditRoute,
  invitationsRoute,
  newInvitationsRoute,
  outboxRoute,
  externalAppsRoute,
  newExternalAppRoute,
  editExternalAppRoute,
  accountInfoRoute,
  accountEditRoute,
  apiKeysRoute,
  addApiKeyRoute,
  editApiKeyRoute,
] as const;
