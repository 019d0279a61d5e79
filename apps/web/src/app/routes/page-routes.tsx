import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { ForbiddenPage } from "../not-found-page.tsx";
import { accountRoute, idParams, rootRoute } from "./root.tsx";

const pageView = () => import("../../features/pages/components/page-view.tsx");
const pageEditor = () => import("../../features/pages/components/page-editor.tsx");

/** forms.md §2: /pages/:alias, a public custom page, signed in or not, without the layout. */
export const publicPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/pages/$alias",
  component: lazyRouteComponent(pageView, "PublicPage"),
});

/** platform.md §2: the forbidden page a refused navigation lands on. */
export const forbiddenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/403",
  component: ForbiddenPage,
});

/** /page/{alias}: a custom page of the account, inside the layout. */
const internalPageRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/page/$alias",
  component: lazyRouteComponent(pageView, "InternalPage"),
});

/**
 * /{alias}: the same page at the top of the layout (forms.md §2). Every other one-segment path of
 * the app is a static route, which the router prefers to a parameter, so none is shadowed; an alias
 * no page has shows Not found.
 */
const bareInternalPageRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/$alias",
  component: lazyRouteComponent(pageView, "BareInternalPage"),
});

/** Pages and the Help menu are the account admins' to change; anyone else is sent to /403. */
const adminsOnly = ({ context }: { context: { user: { isAccountAdmin?: boolean } } }) => {
  if (!context.user.isAccountAdmin) throw redirect({ to: "/403" });
};

const pagesAdminRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/pages",
  beforeLoad: adminsOnly,
  staticData: { title: msg("Pages and help menu") },
  component: lazyRouteComponent(
    () => import("../../features/pages/components/pages-admin-page.tsx"),
    "PagesAdminPage",
  ),
});

const newPageRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/pages/add",
  beforeLoad: adminsOnly,
  staticData: { title: msg("New page") },
  component: lazyRouteComponent(pageEditor, "NewPagePage"),
});

const editPageRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/account/pages/$id/edit",
  params: idParams,
  beforeLoad: adminsOnly,
  staticData: { title: msg("Edit page") },
  component: lazyRouteComponent(pageEditor, "EditPagePage"),
});

/** Routes outside the layout. */
export const publicPageRoutes = [publicPageRoute, forbiddenRoute] as const;
/** Routes inside the account's layout. */
export const accountPageRoutes = [
  internalPageRoute,
  bareInternalPageRoute,
  pagesAdminRoute,
  newPageRoute,
  editPageRoute,
] as const;
