import { TEMPLATE_SETS } from "@formloom/core/templates/form-templates";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute } from "./root.tsx";

/** forms.md §2 "Templates: forms, themes". */
const formTemplatesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/templates/forms",
  validateSearch: z.object({ set: z.enum(TEMPLATE_SETS).optional().catch(undefined) }),
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
