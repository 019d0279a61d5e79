/** The routes every other route hangs from: root, the signed-in layout, and account pages. */
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { userQueryOptions } from "../../features/auth/api/get-user.ts";
import { session } from "../../lib/session.ts";
import { NotFoundPage } from "../not-found-page.tsx";
import type { queryClient } from "../query-client.ts";
import { numberParam } from "./search-params.ts";

export const rootRoute = createRootRouteWithContext<{ queryClient: typeof queryClient }>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

/** With a stored token, /login and registration go to the app. */
export const guestOnly = () => {
  if (session.token()) throw redirect({ to: "/" });
};

/**
 * Everything inside the layout needs a sign-in: without a token the visitor goes to
 * /login?redirect=<path>; with one, the user info is loaded before the page.
 */
export const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "layout",
  beforeLoad: async ({ location, context }) => {
    if (!session.token()) throw redirect({ to: "/login", search: { redirect: location.href } });
    return { user: await context.queryClient.ensureQueryData(userQueryOptions) };
  },
  // The sign-in page and the other pages outside the layout do not download it.
  component: lazyRouteComponent(() => import("../layout/app-layout.tsx"), "AppLayout"),
});

/** Account pages need an account; a user without one sees the no-account page. */
export const accountRoute = createRoute({
  getParentRoute: () => layoutRoute,
  id: "account",
  beforeLoad: ({ context }) => {
    if (!context.user.account) throw redirect({ to: "/no_account" });
  },
  component: Outlet,
});

/** The `$id` of a form, group, user or chain. */
export const idParams = numberParam("id");
