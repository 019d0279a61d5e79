import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { z } from "zod";
import { userQueryOptions } from "../features/auth/api/get-user.ts";
import { CreateAccountPage } from "../features/auth/components/create-account-page.tsx";
import { LoginPage } from "../features/auth/components/login-page.tsx";
import { RegisterPage } from "../features/auth/components/register-page.tsx";
import {
  ResetPasswordConfirmPage,
  ResetPasswordPage,
} from "../features/auth/components/reset-password-page.tsx";
import { DashboardPage } from "../features/dashboard/components/dashboard-page.tsx";
import { CreateFormPage } from "../features/forms/components/create-form-page.tsx";
import { FormEditorPage } from "../features/forms/components/editor/form-editor-page.tsx";
import { FormLayout } from "../features/forms/components/form-layout.tsx";
import { FormOverviewPage } from "../features/forms/components/form-overview-page.tsx";
import { FormsListPage } from "../features/forms/components/forms-list-page.tsx";
import { GroupEditPage, GroupViewPage } from "../features/groups/components/group-page.tsx";
import { GroupsListPage } from "../features/groups/components/groups-list-page.tsx";
import { NewGroupPage } from "../features/groups/components/new-group-page.tsx";
import { ResultsPage } from "../features/results/components/results-page.tsx";
import { SettingsPage } from "../features/users/components/settings-page.tsx";
import { msg } from "../i18n/i18n.ts";
import { session } from "../lib/session.ts";
import { ErrorPage } from "./error-page.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { queryClient } from "./query-client.ts";

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page title and breadcrumb label (route metadata). */
    title?: string;
  }
}

const rootRoute = createRootRouteWithContext<{ queryClient: typeof queryClient }>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

/** With a stored token, /login and registration go to the app. */
const guestOnly = () => {
  if (session.token()) throw redirect({ to: "/" });
};

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: z.object({ redirect: z.string().optional(), reset: z.literal("done").optional() }),
  beforeLoad: guestOnly,
  staticData: { title: msg("Sign in") },
  component: LoginPage,
});

const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/registration/create",
  beforeLoad: guestOnly,
  staticData: { title: msg("Registration") },
  component: RegisterPage,
});

const registrationIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/registration",
  beforeLoad: () => {
    throw redirect({ to: "/registration/create" });
  },
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset_password",
  staticData: { title: msg("Reset your password") },
  component: ResetPasswordPage,
});

const resetPasswordConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset_password/confirm",
  validateSearch: z.object({ code: z.string().optional() }),
  staticData: { title: msg("Choose a new password") },
  component: ResetPasswordConfirmPage,
});

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: "/404", component: NotFoundPage });

/**
 * Everything inside the layout needs a sign-in: without a token the visitor goes to
 * /login?redirect=<path>; with one, the user info is loaded before the page.
 */
const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "layout",
  beforeLoad: async ({ location, context }) => {
    if (!session.token()) throw redirect({ to: "/login", search: { redirect: location.href } });
    return { user: await context.queryClient.ensureQueryData(userQueryOptions) };
  },
  component: AppLayout,
});

const dashboardRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/",
  staticData: { title: msg("Dashboard") },
  component: DashboardPage,
});

const settingsRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/settings",
  staticData: { title: msg("Settings") },
  component: SettingsPage,
});

const createAccountRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: "/user/create_account",
  staticData: { title: msg("Create account") },
  component: CreateAccountPage,
});

/** Form pages need an account; a user without one is sent to create it. */
const accountRoute = createRoute({
  getParentRoute: () => layoutRoute,
  id: "account",
  beforeLoad: ({ context }) => {
    if (!context.user.account) throw redirect({ to: "/user/create_account" });
  },
  component: Outlet,
});

const formsListRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/all",
  staticData: { title: msg("All forms") },
  component: FormsListPage,
});

/** A numeric id path parameter, checked before the page loads. */
const idParams = {
  parse: (raw: Record<string, string>) => ({ id: z.coerce.number().int().positive().parse(raw.id) }),
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};

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

const createFormRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/add_new",
  staticData: { title: msg("Create form") },
  component: CreateFormPage,
});

export const formRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/$id",
  params: idParams,
  component: FormLayout,
});

const formOverviewRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/overview",
  staticData: { title: msg("Overview") },
  component: FormOverviewPage,
});

const formEditRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/edit",
  staticData: { title: msg("Edit") },
  component: FormEditorPage,
});

const formResultsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results",
  staticData: { title: msg("Results") },
  component: ResultsPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  registrationRoute,
  registrationIndexRoute,
  resetPasswordRoute,
  resetPasswordConfirmRoute,
  notFoundRoute,
  layoutRoute.addChildren([
    dashboardRoute,
    createAccountRoute,
    settingsRoute,
    accountRoute.addChildren([
      formsListRoute,
      createFormRoute,
      groupsRoute,
      newGroupRoute,
      groupViewRoute,
      groupEditRoute,
      formRoute.addChildren([formOverviewRoute, formEditRoute, formResultsRoute]),
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultErrorComponent: ErrorPage,
});
