import { TEMPLATE_SETS } from "@formloom/core/templates/template-sets";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute } from "./root.tsx";
import { oneOf, searchOf } from "./search-params.ts";

/** forms.md §2 "Templates: forms, themes". */
const formTemplatesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/templates/forms",
  validateSearch: searchOf({ set: oneOf(TEMPLATE_SETS) }),
  staticData: { title: msg("Form templates") },
  component: lazyRouteComponent(
    () => import("../../features/templates/form-templates-page.tsx"),
    "FormTemplatesPage",
  ),
});

const themeTemplatesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/templates/themes",
  staticData: { title: msg("Theme templates") },
  component: lazyRouteComponent(
    () => import("../../features/templates/theme-templates-page.tsx"),
    "ThemeTemplatesPage",
  ),
});

export const templateRoutes = [formTemplatesRoute, themeTemplatesRoute] as const;
