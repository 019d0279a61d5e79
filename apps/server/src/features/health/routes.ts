import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/connect.ts";

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
}
