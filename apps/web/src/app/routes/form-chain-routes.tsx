import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";

/** platform.md §2: form-chains/all, add, :id/edit, :id/view. */
const chainsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-chains/all",
  staticData: { title: msg("Form chains") },
  component: lazyRouteComponent(
    () => import("../../features/form-chains/components/chains-list-page.tsx"),
    "FormChainsPage",
  ),
});

const newChainRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-chains/add",
  staticData: { title: msg("Add chain") },
  component: lazyRouteComponent(
    () => import("../../features/form-chains/components/chain-editor-pages.tsx"),
    "NewFormChainPage",
  ),
});

const chainRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-chains/$id",
  params: idParams,
  staticData: { title: msg("Form chains") },
});

const editChainRoute = createRoute({
  getParentRoute: () => chainRoute,
  path: "/edit",
  staticData: { title: msg("Edit") },
  component: lazyRouteComponent(
    () => import("../../features/form-chains/components/chain-editor-pages.tsx"),
    "EditFormChainPage",
  ),
});

const viewChainRoute = createRoute({
  getParentRoute: () => chainRoute,
  path: "/view",
  staticData: { title: msg("Answers") },
  component: lazyRouteComponent(
    () => import("../../features/form-chains/components/chain-view-page.tsx"),
    "FormChainViewPage",
  ),
});

export const formChainRoutes = [
  chainsRoute,
  newChainRoute,
  chainRoute.addChildren([editChainRoute, viewChainRoute]),
];
