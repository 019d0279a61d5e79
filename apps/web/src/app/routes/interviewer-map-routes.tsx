import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";
import { searchOf } from "./search-params.ts";

const day = (value: unknown) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** platform.md §2 "Users": /interviewer/:id/activity-map and /interviewer/:id/map-workplace. */
const activityMapRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/interviewer/$id/activity-map",
  params: idParams,
  validateSearch: searchOf({ from: day, to: day }),
  staticData: { title: msg("Activity map") },
  component: lazyRouteComponent(
    () => import("../../features/interviewer-maps/components/activity-map-page.tsx"),
    "ActivityMapPage",
  ),
});

const mapWorkplaceRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/interviewer/$id/map-workplace",
  params: idParams,
  staticData: { title: msg("Workplace map") },
  component: lazyRouteComponent(
    () => import("../../features/interviewer-maps/components/map-workplace-page.tsx"),
    "MapWorkplacePage",
  ),
});

export const interviewerMapRoutes = [activityMapRoute, mapWorkplaceRoute];
