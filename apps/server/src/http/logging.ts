import type { FastifyServerOptions } from "fastify";

/** Anything that gives the logger a place to write; tests pass one to read what was logged. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Logs carry what an operator needs to find a failure — method, route, request id, error type,
 * SQL text and database error code — and never what people entered: bodies (answers, e-mails,
 * passwords), query strings, authorization headers or cookies. A query's bound parameters are
 * exactly that input, so they are dropped from database errors.
 */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    serializers: { err: describeError, req: describeRequest },
    // A second line of defence for whatever a future log call passes along.
    redact: {
      paths: [
        "body",
        "query",
        "params",
        "headers",
        "req.body",
        "req.query",
        "req.headers",
        "request.body",
        "request.query",
        "request.headers",
        "*.password",
        "*.email",
        "*.token",
        "*.answers",
      ],
      censor: "[redacted]",
    },
  };
}

/** The request's path without its query string: `?…` may hold e-mails, tokens or search terms. */
export function pathOnly(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function describeRequest(request: { method?: string; url?: string; routeOptions?: { url?: string } }) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : pathOnly(request.url),
    route: request.routeOptions?.url,
  };
}

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
};

/**
 * An error as a log line may show it. A database error keeps its SQLSTATE code and constraint
 * but not its detail (which quotes the offending row's values); a data exception (class 22)
 * loses its message too, since PostgreSQL quotes the rejected input in it. A failed query keeps
 * its SQL text, whose values are placeholders, and loses its parameters.
 */
export function describeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "", stack: "" };
  const fields = error as Error & Record<string, unknown>;
  const sqlState =
    typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code) ? fields.code : undefined;
  const failedQuery = typeof fields.query === "string" && "params" in fields;
  const message = failedQuery
    ? `Failed query: ${fields.query}`
    : sqlState?.startsWith("22")
      ? "data exception (the value is not logged)"
      : error.message;
  return {
    type: error.name,
    message,
    ...(typeof fields.code === "string" ? { code: fields.code } : {}),
    ...(sqlState ? pick(fields, ["constraint", "table", "column"]) : {}),
    stack: framesOnly(error.stack ?? ""),
    ...(error.cause !== undefined && depth < 3 ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}

/** A stack starts with the error's message, which may span lines; only the frames are kept. */
function framesOnly(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
}

function pick(fields: Record<string, unknown>, keys: Array<"constraint" | "table" | "column">) {
  return Object.fromEntries(
    keys.flatMap((key) => (typeof fields[key] === "string" ? [[key, fields[key]]] : [])),
  );
}
