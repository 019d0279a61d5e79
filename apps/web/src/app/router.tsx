import { createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { SETTINGS_TABS } from "../features/users/components/settings-tabs.ts";
import { msg } from "../i18n/i18n.ts";
import { ApiError } from "../lib/api-client.ts";
import { ErrorPage } from "./error-page.tsx";
import { queryClient } from "./query-client.ts";
import { billingRoutes, publicPaymentRoutes } from "./routes/billing-routes.tsx";
import { formChainRoutes } from "./routes/form-chain-routes.tsx";
import { formRoutes } from "./routes/form-routes.tsx";
import { interviewerMapRoutes } from "./routes/interviewer-map-routes.tsx";
import { accountPageRoutes, publicPageRoutes } from "./routes/page-routes.tsx";
import { publicRoutes } from "./routes/public-routes.tsx";
import { accountRoute, layoutRoute, rootRoute } from "./routes/root.tsx";
import { oneOf, searchOf } from "./routes/search-params.ts";
import { searchRoutes } from "./routes/search-routes.tsx";
import { segmentRoutes } from "./routes/segment-routes.tsx";
import { supportRoutes } from "./routes/support-routes.tsx";
import { teamRoutes } from "./routes/team-routes.tsx";
import { templateRoutes } from "./routes/template-routes.tsx";

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page title and breadcrumb label (route metadata). */
    title?: string;
    /** The page explains a refusal of its own data itself, instead of going to /403. */
    deniedInPage?: boolean;
  }
}

const dashboardRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/",
  staticData: { title: msg("Dashboard") },
  component: lazyRouteComponent(
    () => import("../features/dashboard/components/dashboard-page.tsx"),
    "DashboardPage",
  ),
});

const settingsRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/settings",
  validateSearch: searchOf({ tab: oneOf(SETTINGS_TABS) }),
  staticData: { title: msg("Settings") },
  component: lazyRouteComponent(
    () => import("../features/users/components/settings-page.tsx"),
    "SettingsPage",
  ),
});

const createAccountRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/create_account",
  staticData: { title: msg("Create account") },
  component: lazyRouteComponent(
    () => import("../features/auth/components/create-account-page.tsx"),
    "CreateAccountPage",
  ),
});

const ownProfileRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/view",
  staticData: { title: msg("Profile") },
  component: lazyRouteComponent(
    () => import("../features/users/components/profile-pages.tsx"),
    "OwnProfilePage",
  ),
});

const ownProfileEditRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/edit",
  staticData: { title: msg("Edit your profile") },
  component: lazyRouteComponent(
    () => import("../features/users/components/profile-pages.tsx"),
    "OwnProfileEditPage",
  ),
});

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...publicPageRoutes,
  ...publicPaymentRoutes,
  layoutRoute.addChildren([
    dashboardRoute,
    createAccountRoute,
    settingsRoute,
    ownProfileRoute,
    ownProfileEditRoute,
    ...supportRoutes,
    accountRoute.addChildren([
      ...teamRoutes,
      ...formRoutes,
      ...formChainRoutes,
      ...segmentRoutes,
      ...templateRoutes,
      ...searchRoutes,
      ...accountPageRoutes,
      ...billingRoutes,
      ...interviewerMapRoutes,
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultErrorComponent: ErrorPage,
});

/**
 * platform.md §2, §8: a navigation the server refuses goes to /403. A page whose first load the
 * policy refuses (403 `not_allowed` on a query that has no data yet) is one; a later refetch's
 * refusal leaves the page as it is, and a page that explains a refusal itself says so in its
 * route's `deniedInPage`. What a page or the layout can do without (the top bar's new submissions,
 * the webhooks a rule may call: `meta.optional`) is no navigation: its refusal leaves the page alone.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "updated" || event.action.type !== "error") return;
  const { error } = event.action;
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== "not_allowed") return;
  if (event.query.state.data !== undefined || event.query.meta?.optional) return;
  if (router.state.matches.some((match) => match.staticData?.deniedInPage)) return;
  void router.navigate({ to: "/403", replace: true });
});
