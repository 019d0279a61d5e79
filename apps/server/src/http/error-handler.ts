import { type ApiErrorBody, MESSAGES, type ValidationError } from "@formloom/core/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, isMessageCode } from "./errors.ts";

/** Maps every failure to `{ code, message, validationErrors? }`; a 500 never carries a stack. */
export function installErrorHandler(
  app: FastifyInstance,
  pageFor?: (url: string) => string | undefined,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toResponse(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    return reply.status(status).send(body);
  });
  // Paths outside /api that are not files belong to the web app's client-side routing.
  app.setNotFoundHandler((request, reply) => {
    const page =
      request.method === "GET" && !request.url.startsWith("/api/") ? pageFor?.(request.url) : undefined;
    if (page) return reply.header("cache-control", "no-cache").type("text/html").sendFile(page);
    return reply.status(404).send(body("not_found"));
  });
}

function body(code: keyof typeof MESSAGES, validationErrors?: ValidationError[]): ApiErrorBody {
  return { code, message: MESSAGES[code], ...(validationErrors ? { validationErrors } : {}) };
}

function toResponse(error: FastifyError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: body(error.code, error.validationErrors) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const validationErrors = error.validation.map((issue): ValidationError => {
      const text = issue.message ?? "";
      const code = isMessageCode(text) ? text : "request.invalid";
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      return { field, code, message: code === "request.invalid" && text ? text : MESSAGES[code] };
    });
    const first = validationErrors.find((e) => e.code !== "request.invalid");
    return { status: 400, body: body(first?.code ?? "request.invalid", validationErrors) };
  }
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
