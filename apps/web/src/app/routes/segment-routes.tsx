import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";

/** platform.md §2 "Behavioural analytics": segments/new, all, :id/edit, :id/view. */
const segmentsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/segments/all",
  staticData: { title: msg("Segments") },
  component: lazyRouteComponent(
    () => import("../../features/segments/components/segment-pages.tsx"),
    "SegmentsPage",
  ),
});

const newSegmentRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/segments/new",
  staticData: { title: msg("New segment") },
  component: lazyRouteComponent(
    () => import("../../features/segments/components/segment-pages.tsx"),
    "NewSegmentPage",
  ),
});

const segmentRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/segments/$id",
  params: idParams,
  staticData: { title: msg("Segments") },
});

const editSegmentRoute = createRoute({
  getParentRoute: () => segmentRoute,
  path: "/edit",
  staticData: { title: msg("Edit") },
  component: lazyRouteComponent(
    () => import("../../features/segments/components/segment-pages.tsx"),
    "EditSegmentPage",
  ),
});

const viewSegmentRoute = createRoute({
  getParentRoute: () => segmentRoute,
  path: "/view",
  staticData: { title: msg("Segment") },
  component: lazyRouteComponent(
    () => import("../../features/segments/components/segment-view-page.tsx"),
    "SegmentViewPage",
  ),
});

export const segmentRoutes = [
  segmentsRoute,
  newSegmentRoute,
  segmentRoute.addChildren([editSegmentRoute, viewSegmentRoute]),
];
