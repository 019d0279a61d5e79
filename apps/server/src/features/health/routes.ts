import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/connect.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** True once a shutdown has begun; the server then stops being ready. */
    draining: boolean;
  }
}

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { public: true },
      schema: {
        tags: ["health"],
        security: [],
        response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: "ok" as const, database: database.engine };
    },
  );
  // Whether to send traffic here: the database answers and no shutdown has begun. After SIGTERM
  // the server first drains (SHUTDOWN_DRAIN_MS: still serving, but not ready), then closes: it
  // refuses new connections and answers 503 to anything else that reaches it.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/ready",
    {
      config: { public: true },
      schema: {
        tags: ["health"],
        security: [],
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
    },
    async (request, reply) => {
      if (app.draining) return reply.status(503).send({ status: "unavailable" as const });
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, "readiness: the database does not answer");
        return reply.status(503).send({ status: "unavailable" as const });
      }
      return { status: "ready" as const };
    },
  );
}
