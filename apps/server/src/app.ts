import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createSecretBox } from "./auth/secret-box.ts";
import { createTokenIssuer } from "./auth/tokens.ts";
import type { Database } from "./db/connect.ts";
import { apiKeyRoutes } from "./features/account/api-keys.ts";
import { accountRoutes } from "./features/account/routes.ts";
import { createCaptcha } from "./features/answers/captcha.ts";
import { captchaRoutes } from "./features/answers/captcha-routes.ts";
import { eventLogRoutes } from "./features/answers/event-logs.ts";
import { loggerRoutes } from "./features/answers/logger.ts";
import { partialRoutes } from "./features/answers/partial-routes.ts";
import { answerRoutes } from "./features/answers/routes.ts";
import { singleResultRoutes } from "./features/answers/single-result.ts";
import { createSubmissions } from "./features/answers/submit.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { billingRoutes } from "./features/billing/routes.ts";
import { brandKitRoutes } from "./features/brand-kit/routes.ts";
import { crawlerRoutes } from "./features/crawlers/routes.ts";
import { exportRoutes } from "./features/exports/routes.ts";
import { externalAppRoutes } from "./features/external-apps/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { formChainRoutes } from "./features/form-chains/routes.ts";
import { formImportRoutes } from "./features/forms/import.ts";
import { loadPublicPageRenderer, publicPageRoutes } from "./features/forms/public-page.ts";
import { publicPostRoutes } from "./features/forms/public-post.ts";
import { formRoutes } from "./features/forms/routes.ts";
import { groupRoutes } from "./features/groups/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { hookRoutes } from "./features/hooks/routes.ts";
import { interviewerMapRoutes } from "./features/interviewer-maps/routes.ts";
import { invitationRoutes } from "./features/invitations/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { pageRoutes } from "./features/pages/routes.ts";
import { paymentProviders } from "./features/payments/providers.ts";
import { paymentRoutes } from "./features/payments/routes.ts";
import { permissionRoutes } from "./features/permissions/routes.ts";
import { publishingRoutes } from "./features/publishing/routes.ts";
import { questionBankRoutes } from "./features/question-bank/routes.ts";
import { recognitionModelRoutes } from "./features/recognition/models.ts";
import { ruleRoutes } from "./features/rules/routes.ts";
import { searchRoutes } from "./features/search/routes.ts";
import { segmentRoutes } from "./features/segments/routes.ts";
import { serviceRoutes } from "./features/services/routes.ts";
import { sharedReportRoutes } from "./features/shared-reports/routes.ts";
import { statisticsRoutes } from "./features/statistics/routes.ts";
import { supportRoutes } from "./features/support/routes.ts";
import { templateRoutes } from "./features/templates/routes.ts";
import { fontRoutes } from "./features/themes/fonts.ts";
import { themeRoutes } from "./features/themes/routes.ts";
import { tourRoutes } from "./features/tours/routes.ts";
import { userRoutes } from "./features/users/routes.ts";
import { webhookRoutes } from "./features/webhooks/routes.ts";
import { type Deps, requireCallerFirst } from "./http/context.ts";
import { installErrorHandler } from "./http/error-handler.ts";
import { installInputGuard } from "./http/input-guard.ts";
import { type LogDestination, loggerOptions, pathOnly } from "./http/logging.ts";
import { apiReference, recordPublicRoutes, swaggerOptions } from "./http/openapi.ts";
import { answerBeforeRouting, answerUnparsable, installSecurity } from "./http/security.ts";
import { serveWebApp, webAppPage } from "./http/web-app.ts";
import { startWorkers } from "./jobs/workers.ts";
import type { Settings } from "./settings.ts";
import { storageFromSettings } from "./storage/storage-from-settings.ts";

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(
  settings: Settings,
  database: Database,
  logDestination?: LogDestination,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(settings.logLevel, logDestination),
    bodyLimit: BODY_LIMIT_BYTES,
    // One line per request only at debug level; errors are always logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: settings.trustProxy,
    // While shutting down, requests that still arrive on open connections get 503, which is
    // also how /api/ready tells a balancer to stop sending work (main.ts, SIGTERM).
    return503OnClosing: true,
    frameworkErrors: answerBeforeRouting,
    clientErrorHandler: answerUnparsable,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installSecurity(app, settings);
  // Set by main.ts on SIGTERM: /api/ready answers 503 from then on (features/health/routes.ts).
  app.decorate("draining", false);
  const hasWebApp = existsSync(settings.webDist);
  installErrorHandler(app, hasWebApp ? webAppPage : undefined);
  installInputGuard(app);
  app.addHook("onResponse", async (request, reply) => {
    request.log.debug(
      { method: request.method, url: pathOnly(request.url), status: reply.statusCode, ms: reply.elapsedTime },
      "request",
    );
  });

  await app.register(fastifySwagger, swaggerOptions(settings, recordPublicRoutes(app)));
  await app.register(apiReference);

  const storage = storageFromSettings(settings);
  const deps: Deps = {
    db: database.db,
    settings,
    tokens: createTokenIssuer(settings.jwtSecret, settings.accessTokenTtlSeconds),
    secrets: createSecretBox(settings.secretKey),
    storage,
  };
  const captcha = createCaptcha(database.db, settings.secretKey);
  // One for the API's call and the public page's own post, so their writes are batched together.
  const submissions = createSubmissions(database, captcha);
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  // Signs the respondent cookie of public forms (features/answers/respondent.ts).
  await app.register(fastifyCookie, {
    secret: createHmac("sha256", settings.secretKey).update("respondent-cookie").digest(),
  });
  await app.register(
    async (api) => {
      api.addHook("onRequest", requireCallerFirst(deps));
      healthRoutes(api, database);
      authRoutes(api, deps);
      formRoutes(api, deps);
      ruleRoutes(api, deps);
      formChainRoutes(api, deps);
      segmentRoutes(api, deps);
      publishingRoutes(api, deps);
      answerRoutes(api, deps, submissions);
      exportRoutes(api, deps);
      statisticsRoutes(api, deps);
      sharedReportRoutes(api, deps);
      captchaRoutes(api, captcha);
      loggerRoutes(api, deps);
      partialRoutes(api, deps);
      eventLogRoutes(api, deps);
      singleResultRoutes(api, deps);
      fileRoutes(api, deps, storage);
      userRoutes(api, deps);
      groupRoutes(api, deps);
      permissionRoutes(api, deps);
      invitationRoutes(api, deps);
      externalAppRoutes(api, deps);
      accountRoutes(api, deps);
      brandKitRoutes(api, deps);
      apiKeyRoutes(api, deps);
      themeRoutes(api, deps);
      webhookRoutes(api, deps);
      hookRoutes(api, deps);
      notificationRoutes(api, deps);
      formImportRoutes(api, deps);
      templateRoutes(api, deps);
      questionBankRoutes(api, deps);
      searchRoutes(api, deps);
      pageRoutes(api, deps);
      tourRoutes(api, deps);
      const providers = paymentProviders(settings);
      serviceRoutes(api, deps);
      billingRoutes(api, deps, providers);
      paymentRoutes(api, deps, providers);
      supportRoutes(api, deps);
      interviewerMapRoutes(api, deps);
    },
    { prefix: "/api" },
  );

  // RUN_WORKERS=false when `npm run worker` processes run the queues instead (README, "Scaling out").
  if (settings.runWorkers) {
    const workers = startWorkers(settings, database, storage, app.log);
    app.addHook("onClose", () => workers.stop());
  }

  // The public form page rendered on the server, once the web app's renderer is built; before
  // that (development, API tests) the page is drawn in the browser (webAppPage below).
  crawlerRoutes(app, settings);
  fontRoutes(app);
  recognitionModelRoutes(app);
  const publicPages = hasWebApp ? await loadPublicPageRenderer(settings.webDist, app.log) : undefined;
  if (publicPages) {
    publicPageRoutes(app, deps, publicPages);
    publicPostRoutes(app, deps, submissions, publicPages, storage);
  }

  if (hasWebApp) await serveWebApp(app, settings.webDist);
  return app;
}
