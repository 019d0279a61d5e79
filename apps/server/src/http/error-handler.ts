import { type ApiErrorBody, MESSAGES, type ValidationError } from "@formloom/core/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { AppError, isMessageCode } from "./errors.ts";
import { pathOnly } from "./logging.ts";

/** Maps every failure to `{ code, message, validationErrors? }`; a 500 never carries a stack. */
export function installErrorHandler(
  app: FastifyInstance,
  pageFor?: (url: string) => string | undefined,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toResponse(error);
    // A rate limit says when to come back (http/rate-limits.ts).
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (status === 429 && typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
    // Where it failed and why, never what was sent: no body, query string or headers.
    const where = { method: request.method, route: request.routeOptions.url, path: pathOnly(request.url) };
    if (status >= 500) request.log.error({ ...where, err: error }, "request failed");
    else if (databaseInputError(error)) {
      // Input the request checks let through; the source deserves a fix, so it is worth a line.
      request.log.warn({ ...where, err: error }, "database refused the input");
    }
    return reply.status(status).send(body);
  });
  const methods = routesByMethod(app);
  // Paths outside /api that are not files belong to the web app's client-side routing.
  app.setNotFoundHandler((request, reply) => {
    // A path the API knows, asked with a method it does not take: say which ones it does.
    const allowed = request.url.startsWith("/api/") ? methods.allowed(pathOnly(request.url)) : [];
    if (allowed.length > 0)
      return reply.status(405).header("allow", allowed.join(", ")).send(body("request.method_not_allowed"));
    const page =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/")
        ? pageFor?.(request.url)
        : undefined;
    if (page) return reply.header("cache-control", "no-cache").type("text/html").sendFile(page);
    return reply.status(404).send(body("not_found"));
  });
}

/**
 * The API's paths with the methods each takes, recorded as routes are added (so installed before
 * any): a path is matched by the same router Fastify uses, parameters and all.
 */
function routesByMethod(app: FastifyInstance) {
  const router = FindMyWay();
  const methods = new Set<HTTPMethod>();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    // Fastify routes with find-my-way: the methods it took are ones that router knows.
    for (const method of [route.method].flat() as HTTPMethod[]) {
      methods.add(method);
      // The same path may come again under another constraint (a host, a version): once is enough.
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => undefined);
    }
  });
  return {
    allowed: (path: string) => [...methods].filter((method) => router.find(method, path) !== null).sort(),
  };
}

function body(
  code: keyof typeof MESSAGES,
  validationErrors?: ValidationError[],
  message: string = MESSAGES[code],
): ApiErrorBody {
  return { code, message, ...(validationErrors ? { validationErrors } : {}) };
}

function toResponse(error: FastifyError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: body(error.code, error.validationErrors, error.message) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const validationErrors = error.validation.map((issue): ValidationError => {
      const text = issue.message ?? "";
      const code = isMessageCode(text) ? text : "request.invalid";
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      // A library's own wording explains a generic refusal; a message code is shown as its text.
      return { field, code, message: text && !isMessageCode(text) ? text : MESSAGES[code] };
    });
    const first = validationErrors.find((e) => e.code !== "request.invalid");
    return { status: 400, body: body(first?.code ?? "request.invalid", validationErrors) };
  }
  if (databaseInputError(error)) return { status: 400, body: body("request.invalid") };
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: body("request.malformed_json") };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, body: body("request.too_large") };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: body("request.invalid") };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 429) return { status: 429, body: body("auth.rate_limited") };
    return { status: error.statusCode, body: body("request.invalid") };
  }
  return { status: 500, body: body("server.error") };
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of range, text it cannot
 * store or parse) are caused by the request's values, so they are the caller's 400, not a 500.
 * The driver's error arrives wrapped in the query builder's, hence the walk down `cause`.
 */
function databaseInputError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const code = (cause as Error & { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
