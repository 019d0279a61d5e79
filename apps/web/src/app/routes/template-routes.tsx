import { TEMPLATE_SETS } from "@formloom/core/templates/form-templates";
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { FormTemplatesPage } from "../../features/templates/form-templates-page.tsx";
import { ThemeTemplatesPage } from "../../features/templates/theme-templates-page.tsx";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute } from "./root.tsx";

/** forms.md §2 "Templates: forms, themes". */
const formTemplatesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/templates/forms",
  validateSearch: z.object({ set: z.enum(TEMPLATE_SETS).optional().catch(undefined) }),
  staticData: { title: msg("Form templates") },
  component: FormTemplatesPage,
});

const themeTemplatesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/templates/themes",
  staticData: { title: msg("Theme templates") },
  component: ThemeTemplatesPage,
});

export const templateRoutes = [formTemplatesRoute, themeTemplatesRoute] as const;
