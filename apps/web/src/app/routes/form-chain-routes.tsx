import { createRoute } from "@tanstack/react-router";
import {
  EditFormChainPage,
  NewFormChainPage,
} from "../../features/form-chains/components/chain-editor-pages.tsx";
import { FormChainViewPage } from "../../features/form-chains/components/chain-view-page.tsx";
import { FormChainsPage } from "../../features/form-chains/components/chains-list-page.tsx";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";

/** platform.md §2: form-chains/all, add, :id/edit, :id/view. */
const chainsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-chains/all",
  staticData: { title: msg("Form chains") },
  component: FormChainsPage,
});

const newChainRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-chains/add",
  staticData: { title: msg("Add chain") },
  component: NewFormChainPage,
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
  component: EditFormChainPage,
});

const viewChainRoute = createRoute({
  getParentRoute: () => chainRoute,
  path: "/view",
  staticData: { title: msg("Answers") },
  component: FormChainViewPage,
});

export const formChainRoutes = [
  chainsRoute,
  newChainRoute,
  chainRoute.addChildren([editChainRoute, viewChainRoute]),
];
