import { SEARCH_TYPES, type SearchType } from "@formloom/core/search";
import { createRoute, lazyRouteComponent, notFound } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute } from "./root.tsx";
import { searchOf, text } from "./search-params.ts";

/** forms.md §2 "Search: /search/all with query q, and /search/:category/:search_phrase". */
const searchAllRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/search/all",
  validateSearch: searchOf({ q: text }),
  staticData: { title: msg("Search") },
  component: lazyRouteComponent(
    () => import("../../features/search/components/search-page.tsx"),
    "SearchAllPage",
  ),
});

const searchCategoryRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/search/$category/$search_phrase",
  params: {
    parse: (raw: Record<string, string>) => {
      if (!(SEARCH_TYPES as readonly string[]).includes(raw.category ?? "")) throw notFound();
      return { category: raw.category as SearchType, search_phrase: raw.search_phrase ?? "" };
    },
    stringify: (params: { category: SearchType; search_phrase: string }) => params,
  },
  staticData: { title: msg("Search") },
  component: lazyRouteComponent(
    () => import("../../features/search/components/search-page.tsx"),
    "SearchCategoryPage",
  ),
});

export const searchRoutes = [searchAllRoute, searchCategoryRoute] as const;
