import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CreateFormPage } from "../../features/forms/components/create-form-page.tsx";
import { FormEditorPage } from "../../features/forms/components/editor/form-editor-page.tsx";
import { FormLayout } from "../../features/forms/components/form-layout.tsx";
import { FormOverviewPage } from "../../features/forms/components/form-overview-page.tsx";
import { FormsListPage } from "../../features/forms/components/forms-list-page.tsx";
import {
  FormGroupPermissionPage,
  FormPermissionsPage,
} from "../../features/permissions/components/form-permissions-page.tsx";
import { ResultsPage } from "../../features/results/components/results-page.tsx";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";

const formsListRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/all",
  staticData: { title: msg("All forms") },
  component: FormsListPage,
});

const createFormRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/add_new",
  staticData: { title: msg("Create form") },
  component: CreateFormPage,
});

const formRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/$id",
  params: idParams,
  component: FormLayout,
});

const formOverviewRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/overview",
  staticData: { title: msg("Overview") },
  component: FormOverviewPage,
});

const formEditRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/edit",
  staticData: { title: msg("Edit") },
  component: FormEditorPage,
});

const formResultsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results",
  staticData: { title: msg("Results") },
  component: ResultsPage,
});

const formPermissionsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/permissions",
  staticData: { title: msg("Permissions") },
  component: FormPermissionsPage,
});

const formGroupPermissionRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/permissions/group/$groupId",
  params: {
    parse: (raw: Record<string, string>) => ({
      groupId: z.coerce.number().int().positive().parse(raw.groupId),
    }),
    stringify: (params: { groupId: number }) => ({ groupId: String(params.groupId) }),
  },
  staticData: { title: msg("Group access") },
  component: FormGroupPermissionPage,
});

/** The forms list, a new form, and a form's tabbed pages. */
export const formRoutes = [
  formsListRoute,
  createFormRoute,
  formRoute.addChildren([
    formOverviewRoute,
    formEditRoute,
    formResultsRoute,
    formPermissionsRoute,
    formGroupPermissionRoute,
  ]),
] as const;
