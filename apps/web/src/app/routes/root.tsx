/** The routes every other route hangs from: root, the signed-in layout, and account pages. */
import { createRootRouteWithContext, createRoute, Outlet, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { userQueryOptions } from "../../features/auth/api/get-user.ts";
import { session } from "../../lib/session.ts";
import { AppLayout } from "../layout/app-layout.tsx";
import { NotFoundPage } from "../not-found-page.tsx";
import type { queryClient } from "../query-client.ts";

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
  component: AppLayout,
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

/** A numeric id path parameter, checked before the page loads. */
export const idParams = {
  parse: (raw: Record<string, string>) => ({ id: z.coerce.number().int().positive().parse(raw.id) }),
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};
