import type { MessageCode } from "@formloom/core/errors";
import { isStorableText } from "@formloom/core/text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, invalidField } from "./errors.ts";

/** Far deeper than any form, rule group or answer the product builds, far shallower than a stack. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Checks every string a request carries — path, query and JSON body — before any route reads it,
 * so one place answers for all routes. PostgreSQL refuses U+0000 in text and jsonb, and a lone
 * UTF-16 surrogate (legal in JSON's `\ud800` escape) has no UTF-8 form; both would otherwise fail
 * inside a query as a 500 (JSON carried in a query's text, such as the results' filters, is
 * checked where it is parsed). They are refused rather than stripped: silently changing what a person
 * typed (an answer, a password) is worse than telling them. Nesting is bounded for the same reason:
 * recursive schemas and JSON.stringify would overflow the stack on a pathological body.
 */
export function installInputGuard(app: FastifyInstance): void {
  // A body packed with Content-Encoding would be read as the bytes it is packed into: no route
  // takes one, so it is refused as such before it is parsed, not called malformed.
  app.addHook("onRequest", async (request) => {
    const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
    if (encoding && encoding !== "identity") throw new AppError(415, "request.unsupported_encoding");
  });
  // JSON is read as UTF-8 by Fastify's own parser, after bytes that are none are refused: read as
  // they come, each would silently become U+FFFD in what is stored.
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(invalidField("request.invalid_characters", "body"), undefined);
    }
    parseJson(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    const problem = firstProblem(request);
    if (problem) throw invalidField(problem.code, problem.field);
  });
}

interface Problem {
  code: MessageCode;
  field: string;
}

function firstProblem(request: FastifyRequest): Problem | undefined {
  return (
    inspect(request.params, "params") ?? inspect(request.query, "query") ?? inspect(request.body, "body")
  );
}

/** Walks the value without recursion, so the walk itself cannot overflow on deep input. */
function inspect(root: unknown, where: string): Problem | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [
    { value: root, path: "", depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) return { code: "request.invalid_characters", field: path || where };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { code: "request.too_deep", field: path || where };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { code: "request.invalid_characters", field: path || where };
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}
