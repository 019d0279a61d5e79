import { ZPartialResponse } from "@formloom/core/api/partials";
import { PARTIAL_LIMITS } from "@formloom/core/partial-response";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../http/context.ts";
import { savePartial } from "./partials.ts";
import { pageSender } from "./respondent.ts";

export function partialRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    "/forms/partial",
    {
      config: { public: true },
      bodyLimit: PARTIAL_LIMITS.bytes,
      schema: {
        tags: ["public"],
        description:
          'The answers so far of a filling not sent yet, for a form whose author turned on "save partial ' +
          'responses" (else 403 partial.not_enabled). Kept under `key`, the Idempotency-Key the submission will ' +
          "be sent with: a later save replaces it, and the submission takes its place (409 partial.already_sent " +
          "once sent). Uploads, passwords and captcha answers are never kept. Partial responses count in no " +
          "submission count, export, webhook or notification. Limited per respondent and address " +
          `(429 partial.rate_limited); at most ${PARTIAL_LIMITS.bytes / 1024} KB.`,
        body: ZPartialResponse,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await savePartial(deps.db, request.body, await pageSender(deps, request));
      return reply.status(204).send(null);
    },
  );
}
