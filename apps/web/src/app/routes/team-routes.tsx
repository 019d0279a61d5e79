import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";
import { oneOf, positive, searchOf } from "./search-params.ts";

const groupsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/all",
  staticData: { title: msg("All groups") },
  component: lazyRouteComponent(
    () => import("../../features/groups/components/groups-list-page.tsx"),
    "GroupsListPage",
  ),
});

const newGroupRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/new",
  staticData: { title: msg("New group") },
  component: lazyRouteComponent(
    () => import("../../features/groups/components/new-group-page.tsx"),
    "NewGroupPage",
  ),
});

const groupViewRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/view",
  params: idParams,
  staticData: { title: msg("Group") },
  component: lazyRouteComponent(
    () => import("../../features/groups/components/group-page.tsx"),
    "GroupViewPage",
  ),
});

const groupEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/edit",
  params: idParams,
  staticData: { title: msg("Rename the group") },
  component: lazyRouteComponent(
    () => import("../../features/groups/components/group-page.tsx"),
    "GroupEditPage",
  ),
});

const groupPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/groups/$id/permissions_functional",
  params: idParams,
  staticData: { title: msg("Functional permissions") },
  component: lazyRouteComponent(
    () => import("../../features/permissions/components/group-permissions-page.tsx"),
    "GroupPermissionsPage",
  ),
});

const functionalPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/permissions/functional",
  staticData: { title: msg("Functional permissions") },
  component: lazyRouteComponent(
    () => import("../../features/permissions/components/permissions-overview-pages.tsx"),
    "FunctionalPermissionsPage",
  ),
});

const dataPermissionsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/permissions/data",
  validateSearch: searchOf({ by: oneOf(["form", "group"]), id: positive }),
  staticData: { title: msg("Data permissions") },
  component: lazyRouteComponent(
    () => import("../../features/permissions/components/permissions-overview-pages.tsx"),
    "DataPermissionsPage",
  ),
});

const usersRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/all",
  staticData: { title: msg("Users") },
  component: lazyRouteComponent(
    () => import("../../features/users/components/users-list-page.tsx"),
    "UsersListPage",
  ),
});

const userViewRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/$id/view",
  params: idParams,
  staticData: { title: msg("Profile") },
  component: lazyRouteComponent(
    () => import("../../features/users/components/profile-pages.tsx"),
    "UserViewPage",
  ),
});

const userEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/users/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit profile") },
  component: lazyRouteComponent(
    () => import("../../features/users/components/profile-pages.tsx"),
    "UserEditPage",
  ),
});

const invitationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/all",
  staticData: { title: msg("All invitations") },
  component: lazyRouteComponent(
    () => import("../../features/invitations/components/invitations-page.tsx"),
    "InvitationsPage",
  ),
});

const newInvitationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/new",
  staticData: { title: msg("Invite people") },
  component: lazyRouteComponent(
    () => import("../../features/invitations/components/new-invitations-page.tsx"),
    "NewInvitationsPage",
  ),
});

const outboxRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/invitations/outbox",
  staticData: { title: msg("Outbox") },
  component: lazyRouteComponent(
    () => import("../../features/invitations/components/invitations-page.tsx"),
    "OutboxPage",
  ),
});

const externalAppsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/all",
  staticData: { title: msg("External apps") },
  component: lazyRouteComponent(
    () => import("../../features/external-apps/components/external-apps-pages.tsx"),
    "ExternalAppsPage",
  ),
});

const newExternalAppRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/new",
  staticData: { title: msg("New token") },
  component: lazyRouteComponent(
    () => import("../../features/external-apps/components/external-apps-pages.tsx"),
    "NewExternalAppPage",
  ),
});

const editExternalAppRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/external-apps/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit token") },
  component: lazyRouteComponent(
    () => import("../../features/external-apps/components/external-apps-pages.tsx"),
    "EditExternalAppPage",
  ),
});

const accountInfoRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account",
  staticData: { title: msg("Account") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/account-pages.tsx"),
    "AccountPage",
  ),
});

const accountEditRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/edit",
  staticData: { title: msg("Edit the account") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/account-pages.tsx"),
    "AccountEditPage",
  ),
});

const brandKitRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/brand-kit",
  staticData: { title: msg("Brand kit") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/brand-kit-page.tsx"),
    "BrandKitPage",
  ),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys",
  staticData: { title: msg("API keys") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/api-keys-pages.tsx"),
    "ApiKeysPage",
  ),
});

const addApiKeyRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys/add",
  staticData: { title: msg("Add key") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/api-keys-pages.tsx"),
    "AddApiKeyPage",
  ),
});

const editApiKeyRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/api_keys/$id/edit",
  params: idParams,
  staticData: { title: msg("Edit key") },
  component: lazyRouteComponent(
    () => import("../../features/account/components/api-keys-pages.tsx"),
    "EditApiKeyPage",
  ),
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
  brandKitRoute,
  addApiKeyRoute,
  editApiKeyRoute,
] as const;
