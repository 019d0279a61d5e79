import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { idParams, layoutRoute } from "./root.tsx";

/**
 * platform.md §2: support/new, support/all, support/ticket/:id. Inside the layout but not the
 * account: the instance's operators answer tickets whether they belong to an account or not.
 */
export const supportRoutes = [
  createRoute({
    getParentRoute: () => layoutRoute,
    path: "/support/new",
    staticData: { title: msg("New ticket") },
    component: lazyRouteComponent(
      () => import("../../features/support/components/new-ticket-page.tsx"),
      "NewTicketPage",
    ),
  }),
  createRoute({
    getParentRoute: () => layoutRoute,
    path: "/support/all",
    staticData: { title: msg("Support tickets") },
    component: lazyRouteComponent(
      () => import("../../features/support/components/ticket-list-page.tsx"),
      "TicketListPage",
    ),
  }),
  createRoute({
    getParentRoute: () => layoutRoute,
    path: "/support/ticket/$id",
    params: idParams,
    staticData: { title: msg("Support ticket") },
    component: lazyRouteComponent(
      () => import("../../features/support/components/ticket-page.tsx"),
      "TicketPage",
    ),
  }),
] as const;
