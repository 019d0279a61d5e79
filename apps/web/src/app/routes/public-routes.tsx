import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { session } from "../../lib/session.ts";
import { NotFoundPage } from "../not-found-page.tsx";
import { guestOnly, rootRoute } from "./root.tsx";
import { oneOf, searchOf, text } from "./search-params.ts";

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: searchOf({ redirect: text, reset: oneOf(["done"]) }),
  beforeLoad: guestOnly,
  staticData: { title: msg("Sign in") },
  component: lazyRouteComponent(() => import("../../features/auth/components/login-page.tsx"), "LoginPage"),
});

export const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/registration/create",
  beforeLoad: guestOnly,
  staticData: { title: msg("Registration") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/register-page.tsx"),
    "RegisterPage",
  ),
});

export const registrationIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/registration",
  beforeLoad: () => {
    throw redirect({ to: "/registration/create" });
  },
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset_password",
  staticData: { title: msg("Reset your password") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/reset-password-page.tsx"),
    "ResetPasswordPage",
  ),
});

export const resetPasswordConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset_password/confirm",
  validateSearch: searchOf({ code: text }),
  staticData: { title: msg("Choose a new password") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/reset-password-page.tsx"),
    "ResetPasswordConfirmPage",
  ),
});

export const joinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/registration/join",
  validateSearch: searchOf({ code: text }),
  staticData: { title: msg("Join an account") },
  component: lazyRouteComponent(() => import("../../features/auth/components/join-page.tsx"), "JoinPage"),
});

export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/confirm_email",
  validateSearch: searchOf({ code: text }),
  staticData: { title: msg("E-mail confirmation") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/public-pages.tsx"),
    "ConfirmEmailPage",
  ),
});

export const autologinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/autologin",
  staticData: { title: msg("Automatic sign-in") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/autologin-page.tsx"),
    "AutologinPage",
  ),
});

export const sessionEndedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/session_ended",
  validateSearch: searchOf({ redirect: text }),
  staticData: { title: msg("Your session has ended") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/public-pages.tsx"),
    "SessionEndedPage",
  ),
});

export const noAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/no_account",
  beforeLoad: ({ location }) => {
    if (!session.token()) throw redirect({ to: "/login", search: { redirect: location.href } });
  },
  staticData: { title: msg("You have no account yet") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/public-pages.tsx"),
    "NoAccountPage",
  ),
});

/** The default terms and privacy policy, open to everyone (the operator may link elsewhere). */
export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/pages/terms",
  staticData: { title: msg("Terms and conditions") },
  component: lazyRouteComponent(() => import("../../features/auth/components/legal-pages.tsx"), "TermsPage"),
});

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/pages/privacy",
  staticData: { title: msg("Privacy policy") },
  component: lazyRouteComponent(
    () => import("../../features/auth/components/legal-pages.tsx"),
    "PrivacyPage",
  ),
});

/** A shared report of a form's charts, read signed out with the token in its link. */
export const sharedReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/report/$token",
  params: {
    parse: (raw: Record<string, string>) => {
      if (!raw.token || !/^[\w-]{20,100}$/.test(raw.token)) throw new Error("The address names no report");
      return { token: raw.token };
    },
    stringify: (params: { token: string }) => ({ token: params.token }),
  },
  staticData: { title: msg("Shared report") },
  component: lazyRouteComponent(
    () => import("../../features/charts/components/shared-report-page.tsx"),
    "SharedReportPage",
  ),
});

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/404",
  component: NotFoundPage,
});

/** Pages without the layout: sign-in, registration, password reset and the account helper pages. */
export const publicRoutes = [
  loginRoute,
  registrationRoute,
  registrationIndexRoute,
  resetPasswordRoute,
  resetPasswordConfirmRoute,
  joinRoute,
  confirmEmailRoute,
  autologinRoute,
  sessionEndedRoute,
  noAccountRoute,
  termsRoute,
  privacyRoute,
  sharedReportRoute,
  notFoundRoute,
] as const;
