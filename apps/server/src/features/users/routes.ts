import { type TUserSettings, ZUserSettings, ZUserSettingsPatch } from "@formloom/core/api/auth";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema.ts";
import { type Deps, requireUser, type UserRow } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";

const presentSettings = (user: UserRow): TUserSettings => ({
  locale: user.locale as TUserSettings["locale"],
  timezone: user.timezone,
  currency: user.currency,
});

/** A user's own settings: language, time zone, currency (platform.md §7). */
export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
  const tags = ["users"];

  r.get(
    "/user/:id/settings",
    { schema: { tags, params, response: { 200: ZUserSettings } } },
    async (request) => {
      const ctx = await requireUser(deps, request);
      // Another user's settings are not found, whoever asks.
      if (request.params.id !== ctx.user.id) throw notFound();
      return presentSettings(ctx.user);
    },
  );

  r.patch(
    "/user/:id/settings",
    { schema: { tags, params, body: ZUserSettingsPatch, response: { 200: ZUserSettings } } },
    async (request) => {
      const ctx = await requireUser(deps, request);
      if (request.params.id !== ctx.user.id) throw notFound();
      const [updated] = await ctx.db
        .update(users)
        .set(request.body)
        .where(eq(users.id, ctx.user.id))
        .returning();
      return presentSettings(updated!);
    },
  );
}
