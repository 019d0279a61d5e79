import { type TourName, ZTourParams, ZToursSeen } from "@formloom/core/api/tours";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/connect.ts";
import { toursSeen } from "../../db/schema.ts";
import { type Deps, requireUser } from "../../http/context.ts";

async function seenBy(db: Db, userId: number): Promise<TourName[]> {
  const rows = await db.select({ tour: toursSeen.tour }).from(toursSeen).where(eq(toursSeen.userId, userId));
  return rows.map((row) => row.tour as TourName).sort();
}

/** Guided tours remembered per user (platform.md §1, §4). */
export function tourRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["tours"];

  r.get(
    "/tours",
    {
      schema: {
        tags,
        description: "The tours the caller finished or skipped.",
        response: { 200: ZToursSeen },
      },
    },
    async (request) => {
      const { user } = await requireUser(deps, request);
      return { seen: await seenBy(deps.db, user.id) };
    },
  );

  r.post(
    "/tours/:tour/seen",
    {
      schema: {
        tags,
        description:
          "Remembers that the caller finished or skipped this tour; answers every tour they have seen.",
        params: ZTourParams,
        response: { 200: ZToursSeen },
      },
    },
    async (request) => {
      const { user } = await requireUser(deps, request);
      await deps.db
        .insert(toursSeen)
        .values({ userId: user.id, tour: request.params.tour })
        .onConflictDoNothing();
      return { seen: await seenBy(deps.db, user.id) };
    },
  );
}
