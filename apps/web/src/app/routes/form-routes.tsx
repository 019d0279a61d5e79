import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { RESULT_TABS } from "../../features/results/components/result/result-tab-names.ts";
import { msg } from "../../i18n/i18n.ts";
import { accountRoute, idParams } from "./root.tsx";
import { numberParam, oneOf, searchOf } from "./search-params.ts";

const formsListRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/all",
  staticData: { title: msg("All forms") },
  component: lazyRouteComponent(
    () => import("../../features/forms/components/forms-list-page.tsx"),
    "FormsListPage",
  ),
});

const createFormRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/add_new",
  staticData: { title: msg("Create form") },
  component: lazyRouteComponent(
    () => import("../../features/forms/components/create-form-page.tsx"),
    "CreateFormPage",
  ),
});

const formRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/forms/$id",
  params: idParams,
  component: lazyRouteComponent(
    () => import("../../features/forms/components/form-layout.tsx"),
    "FormLayout",
  ),
});

const formOverviewRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/overview",
  staticData: { title: msg("Overview") },
  component: lazyRouteComponent(
    () => import("../../features/forms/components/form-overview-page.tsx"),
    "FormOverviewPage",
  ),
});

const formEditRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/edit",
  staticData: { title: msg("Edit") },
  component: lazyRouteComponent(
    () => import("../../features/forms/components/editor/form-editor-page.tsx"),
    "FormEditorPage",
  ),
});

const formResultsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results",
  // The dashboard's calendar opens one day's submissions: ?day=YYYY-MM-DD, a day of the reader's zone.
  validateSearch: searchOf({
    day: (value) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined),
  }),
  staticData: { title: msg("Results"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/results-page.tsx"),
    "ResultsPage",
  ),
});

/** The results' summary: every question's figures and charts. */
const formResultsSummaryRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results/summary",
  staticData: { title: msg("Statistics"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/results-page.tsx"),
    "ResultsSummaryPage",
  ),
});

/** The results' NPS and its charts over time. */
const formResultsNpsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results/nps",
  staticData: { title: msg("NPS"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/results-page.tsx"),
    "ResultsNpsPage",
  ),
});

/** One submission as its own page (results_view), with its sub-pages as tabs. */
const formResultRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results/$resId",
  params: numberParam("resId"),
  validateSearch: searchOf({ tab: oneOf(RESULT_TABS) }),
  // The form's own number of the submission, as the results table shows it.
  staticData: { title: msg("Submission #{{resId}}"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/result/result-page.tsx"),
    "ResultPage",
  ),
});

/** One video or audio question's recordings: this submission's, then every submission's a page at a time. */
const formResultVideoQuestionRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results/$resId/video-questions/$fieldId",
  params: {
    parse: (raw: Record<string, string>) => ({
      ...numberParam("resId").parse(raw),
      fieldId: raw.fieldId ?? "",
    }),
    stringify: (params: { resId: number; fieldId: string }) => ({
      resId: String(params.resId),
      fieldId: params.fieldId,
    }),
  },
  staticData: { title: msg("Video questions"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/video-questions/video-question-page.tsx"),
    "VideoQuestionPage",
  ),
});

/** The submissions' behavioural attributes compared on a spider chart. */
const formBehaviorPatternsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/results/behavior-patterns",
  staticData: { title: msg("Behavior patterns") },
  component: lazyRouteComponent(
    () => import("../../features/results/components/behavior/behavior-patterns-page.tsx"),
    "BehaviorPatternsPage",
  ),
});

/** The visits to the form's page. */
const formPageInteractionsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/page-interactions",
  staticData: { title: msg("Page interactions") },
  component: lazyRouteComponent(
    () => import("../../features/results/components/page-interactions-page.tsx"),
    "PageInteractionsPage",
  ),
});

/** Where respondents drop off and how long each question takes. */
const formFieldsAnalysisRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/fields-analysis",
  staticData: { title: msg("Fields analysis"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/results/components/fields-analysis-page.tsx"),
    "FieldsAnalysisPage",
  ),
});

/** The form's charts on one printable page, and its shared read-only links. */
const formVisualizationRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/visualization",
  staticData: { title: msg("Visualization"), deniedInPage: true },
  component: lazyRouteComponent(
    () => import("../../features/charts/components/visualization-page.tsx"),
    "VisualizationPage",
  ),
});

const formPermissionsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/permissions",
  staticData: { title: msg("Permissions") },
  component: lazyRouteComponent(
    () => import("../../features/permissions/components/form-permissions-page.tsx"),
    "FormPermissionsPage",
  ),
});

const formGroupPermissionRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/permissions/group/$groupId",
  params: numberParam("groupId"),
  staticData: { title: msg("Group access") },
  component: lazyRouteComponent(
    () => import("../../features/permissions/components/form-permissions-page.tsx"),
    "FormGroupPermissionPage",
  ),
});

const formRulesRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/rules",
  staticData: { title: msg("Rules") },
  component: lazyRouteComponent(() => import("../../features/rules/components/rules-page.tsx"), "RulesPage"),
});

const addRuleRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/rules/add",
  staticData: { title: msg("New rule") },
  component: lazyRouteComponent(
    () => import("../../features/rules/components/rule-editor-page.tsx"),
    "AddRulePage",
  ),
});

const editRuleRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/rules/$rule/edit",
  params: {
    parse: (raw: Record<string, string>) => {
      if (!raw.rule || raw.rule.length > 64) throw new Error("The address names no rule");
      return { rule: raw.rule };
    },
    stringify: (params: { rule: string }) => ({ rule: params.rule }),
  },
  staticData: { title: msg("Edit rule") },
  component: lazyRouteComponent(
    () => import("../../features/rules/components/rule-editor-page.tsx"),
    "EditRulePage",
  ),
});

/** Every rule of every form of the account. */
const allRulesRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/form-rules/all",
  staticData: { title: msg("Rules of all forms") },
  component: lazyRouteComponent(
    () => import("../../features/rules/components/all-rules-page.tsx"),
    "AllRulesPage",
  ),
});

const publishingRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/publishing",
  staticData: { title: msg("Publishing") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/publishing-pages.tsx"),
    "PublishingLayout",
  ),
});

const publishingIndexRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/",
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/publishing-pages.tsx"),
    "LinkToPagePage",
  ),
});

const linkToPageRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/link-to-page",
  staticData: { title: msg("Link to page") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/publishing-pages.tsx"),
    "LinkToPagePage",
  ),
});

const webSiteRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/web-site",
  staticData: { title: msg("Web site") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/web-site-pages.tsx"),
    "WebSitePage",
  ),
});

const newEmbeddingRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/web-site/new",
  staticData: { title: msg("New embedding") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/web-site-pages.tsx"),
    "NewEmbeddingPage",
  ),
});

const editEmbeddingRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/web-site/$embeddingId/edit",
  params: numberParam("embeddingId"),
  staticData: { title: msg("Edit embedding") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/web-site-pages.tsx"),
    "EditEmbeddingPage",
  ),
});

const emailRoute = createRoute({
  getParentRoute: () => publishingRoute,
  path: "/e-mail",
  staticData: { title: msg("E-mail") },
  component: lazyRouteComponent(
    () => import("../../features/publishing/components/publishing-pages.tsx"),
    "EmailPage",
  ),
});

/** The webhooks of every form of the account. */
const allWebhooksRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/webhooks/all",
  staticData: { title: msg("Webhooks") },
  component: lazyRouteComponent(
    () => import("../../features/webhooks/components/webhooks-pages.tsx"),
    "AllWebhooksPage",
  ),
});

const formWebhooksRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/webhooks",
  staticData: { title: msg("Webhooks") },
  component: lazyRouteComponent(
    () => import("../../features/webhooks/components/webhooks-pages.tsx"),
    "FormWebhooksPage",
  ),
});

const newWebhookRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/webhooks/add",
  staticData: { title: msg("Add webhook") },
  component: lazyRouteComponent(
    () => import("../../features/webhooks/components/webhook-editor-pages.tsx"),
    "NewWebhookPage",
  ),
});

const editWebhookRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/webhooks/$webhookId/edit",
  params: numberParam("webhookId"),
  staticData: { title: msg("Edit webhook") },
  component: lazyRouteComponent(
    () => import("../../features/webhooks/components/webhook-editor-pages.tsx"),
    "EditWebhookPage",
  ),
});

/** The e-mail notifications of every form of the account. */
const allEmailNotificationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/email-notifications/all",
  staticData: { title: msg("E-mail notifications") },
  component: lazyRouteComponent(
    () => import("../../features/notifications/components/notifications-pages.tsx"),
    "AllEmailNotificationsPage",
  ),
});

const formEmailsRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/emails",
  staticData: { title: msg("E-mails") },
  component: lazyRouteComponent(
    () => import("../../features/notifications/components/notifications-pages.tsx"),
    "FormEmailsPage",
  ),
});

const newEmailRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/emails/add",
  staticData: { title: msg("Add e-mail notification") },
  component: lazyRouteComponent(
    () => import("../../features/notifications/components/notifications-pages.tsx"),
    "NewEmailNotificationPage",
  ),
});

const editEmailRoute = createRoute({
  getParentRoute: () => formRoute,
  path: "/emails/$emailId/edit",
  params: numberParam("emailId"),
  staticData: { title: msg("Edit e-mail notification") },
  component: lazyRouteComponent(
    () => import("../../features/notifications/components/notifications-pages.tsx"),
    "EditEmailNotificationPage",
  ),
});

/** The forms list, a new form, and a form's tabbed pages. */
export const formRoutes = [
  formsListRoute,
  createFormRoute,
  allEmailNotificationsRoute,
  allRulesRoute,
  allWebhooksRoute,
  formRoute.addChildren([
    formOverviewRoute,
    formEditRoute,
    publishingRoute.addChildren([
      publishingIndexRoute,
      linkToPageRoute,
      webSiteRoute,
      newEmbeddingRoute,
      editEmbeddingRoute,
      emailRoute,
    ]),
    formResultsRoute,
    formResultsSummaryRoute,
    formResultsNpsRoute,
    formResultRoute,
    formResultVideoQuestionRoute,
    formBehaviorPatternsRoute,
    formPageInteractionsRoute,
    formFieldsAnalysisRoute,
    formVisualizationRoute,
    formPermissionsRoute,
    formGroupPermissionRoute,
    formEmailsRoute,
    newEmailRoute,
    editEmailRoute,
    formRulesRoute,
    addRuleRoute,
    editRuleRoute,
    formWebhooksRoute,
    newWebhookRoute,
    editWebhookRoute,
  ]),
] as const;
