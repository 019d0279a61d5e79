import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, rootRoute } from "./root.tsx";
import { searchOf, text } from "./search-params.ts";

const billing = () => import("../../features/billing/components/billing-page.tsx");
const payments = () => import("../../features/billing/components/payment-pages.tsx");
const marketplace = () => import("../../features/marketplace/components/marketplace-page.tsx");
const paymentSearch = searchOf({ payment: text });

type Page = ReturnType<typeof lazyRouteComponent>;

/** The billing pages tell a member without the billing rights so themselves, in place of /403. */
const inAccount = <const Path extends string>(path: Path, title: string, component: Page) =>
  createRoute({
    getParentRoute: () => accountRoute,
    path,
    staticData: { title, deniedInPage: true },
    validateSearch: paymentSearch,
    component,
  });

/** platform.md §2: account/billing (status, history, payment with success and fail), services, marketplace. */
export const billingRoutes = [
  inAccount("/account/billing", msg("Billing"), lazyRouteComponent(billing, "StatusTab")),
  inAccount("/account/billing/history", msg("Billing"), lazyRouteComponent(billing, "HistoryTab")),
  inAccount("/account/billing/payment", msg("Billing"), lazyRouteComponent(billing, "PaymentTab")),
  inAccount(
    "/account/billing/payment/success",
    msg("Payment"),
    lazyRouteComponent(payments, "PaymentSuccessPage"),
  ),
  inAccount("/account/billing/payment/fail", msg("Payment"), lazyRouteComponent(payments, "PaymentFailPage")),
  inAccount(
    "/account/services",
    msg("Your services"),
    lazyRouteComponent(marketplace, "AccountServicesPage"),
  ),
  inAccount("/marketplace/services", msg("Marketplace"), lazyRouteComponent(marketplace, "MarketplacePage")),
] as const;

const open = <const Path extends string>(path: Path, title: string, component: Page) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title },
    validateSearch: paymentSearch,
    component,
  });

/** The public payment pages: donations of §2 and the offline provider's confirmation. */
export const publicPaymentRoutes = [
  open("/projects/$project/payment", msg("Donate"), lazyRouteComponent(payments, "DonationPage")),
  open(
    "/projects/$project/payment/success",
    msg("Payment"),
    lazyRouteComponent(payments, "PaymentSuccessPage"),
  ),
  open("/projects/$project/payment/fail", msg("Payment"), lazyRouteComponent(payments, "PaymentFailPage")),
  open(
    "/payments/offline/$publicId",
    msg("Offline payment"),
    lazyRouteComponent(payments, "OfflinePaymentPage"),
  ),
] as const;
