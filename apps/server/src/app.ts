import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { createSecretBox } from "./auth/secret-box.ts";
import { createTokenIssuer } from "./auth/tokens.ts";
import type { Database } from "./db/connect.ts";
import { apiKeyRoutes } from "./features/account/api-keys.ts";
import { accountRoutes } from "./features/account/routes.ts";
import { createCaptcha } from "./features/answers/captcha.ts";
import { captchaRoutes } from "./features/answers/captcha-routes.ts";
import { answerRoutes } from "./features/answers/routes.ts";
import { createSubmissions } from "./features/answers/submit.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { externalAppRoutes } from "./features/external-apps/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { formRoutes } from "./features/forms/routes.ts";
import { groupRoutes } from "./features/groups/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { invitationRoutes } from "./features/invitations/routes.ts";
import { permissionRoutes } from "./features/permissions/routes.ts";
import { userRoutes } from "./features/users/routes.ts";
import { type Deps, requireCallerFirst } from "./http/context.ts";
import { installErrorHandler } from "./http/error-handler.ts";
import { installInputGuard } from "./http/input-guard.ts";
import { type LogDestination, loggerOptions, pathOnly } from "./http/logging.ts";
import { answerBeforeRouting, installSecurity } from "./http/security.ts";
import { startHousekeeping } from "./jobs/housekeeping.ts";
import { startMailer } from "./mail/mailer.ts";
import type { Settings } from "./settings.ts";
import { createDiskStorage } from "./storage/file-storage.ts";

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

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Formloom API", version: "0.1.0", description: "Build, publish and analyse forms." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  const storage = createDiskStorage(settings.storageDir);
  const deps: Deps = {
    db: database.db,
    settings,
    tokens: createTokenIssuer(settings.jwtSecret, settings.accessTokenTtlSeconds),
    secrets: createSecretBox(settings.secretKey),
    storage,
  };
  const captcha = createCaptcha(database.db, settings.secretKey);
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
      answerRoutes(api, deps, createSubmissions(database, captcha));
      captchaRoutes(api, captcha);
      fileRoutes(api, deps, storage);
      userRoutes(api, deps);
      groupRoutes(api, deps);
      permissionRoutes(api, deps);
      invitationRoutes(api, deps);
      externalAppRoutes(api, deps);
      accountRoutes(api, deps);
      apiKeyRoutes(api, deps);
    },
    { prefix: "/api" },
  );

  const mailer = startMailer({
    db: database.db,
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    log: app.log,
    intervalMs: settings.mailPollMs,
  });
  app.addHook("onClose", () => mailer.stop());
  const housekeeping = startHousekeeping(database.db, app.log, undefined, storage);
  app.addHook("onClose", async () => housekeeping.stop());

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: settings.webDist,
      index: "index.html",
      // `npm start` writes .br and .gz beside each built file (scripts/start.mjs), so the large
      // bundles are compressed once, at the best level, not again on every request.
      preCompressed: true,
      // Hashed asset names change with their content, so browsers may keep them for good.
      setHeaders: (reply, file) => {
        reply.header(
          "cache-control",
          file.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  return app;
}

/** Respondents get the small public page; everyone else the signed-in app. */
function webAppPage(url: string): string | undefined {
  if (url.startsWith("/assets/")) return undefined;
  return url.startsWith("/f/") ? "fill.html" : "index.html";
}
