import { type TUserSettings, ZTokens, ZUserSettings, ZUserSettingsPatch } from "@formloom/core/api/auth";
import { ZIdParams } from "@formloom/core/api/ids";
import { ZUpdatePasswordBody, ZUserEditBody, ZUserProfile } from "@formloom/core/api/users";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema.ts";
import { type Deps, requireTenant, requireUser, type UserRow } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { readAvatar, uploadAvatar } from "./avatar.ts";
import { updatePassword } from "./password.ts";
import { editUserProfile, getUserProfile, present, removeFromAccount } from "./service.ts";

const presentSettings = (user: UserRow): TUserSettings => ({
  locale: user.locale as TUserSettings["locale"],
  timezone: user.timezone,
  currency: user.currency,
});

/** A user's own settings: language, time zone, currency (platform.md §7). */
export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = ZIdParams;
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

  r.get("/user/:id", { schema: { tags, params, response: { 200: ZUserProfile } } }, async (request) =>
    getUserProfile(await requireUser(deps, request), request.params.id),
  );

  r.post(
    "/user/upload_file",
    {
      schema: {
        tags,
        description:
          "Sets the caller's avatar: one PNG, JPEG, GIF or WebP image of at most 2 MB (multipart field file).",
        consumes: ["multipart/form-data"],
        response: { 200: ZUserProfile },
      },
    },
    async (request) => {
      const ctx = await requireUser(deps, request);
      const updated = await uploadAvatar(ctx, request, deps.settings.dataDir);
      return present(ctx, updated);
    },
  );

  r.get(
    "/user/:id/avatar/:name",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description: "A user's picture; its name comes from their profile.",
        params: params.extend({ name: z.string().regex(/^\d+-[0-9a-f]{24}\.(png|jpg|gif|webp)$/) }),
      },
    },
    async (request, reply) => {
      const { bytes, mime } = await readAvatar(
        deps.db,
        deps.settings.dataDir,
        request.params.id,
        request.params.name,
      );
      return reply
        .header("content-type", mime)
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(bytes);
    },
  );

  r.post(
    "/account/users/:id/remove",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description: "Takes a user out of the account (admins only); they keep their sign-in.",
        params,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => {
      await removeFromAccount(await requireTenant(deps, request, "users.remove"), request.params.id);
      return { removed: true as const };
    },
  );

  r.post(
    "/user/:id/edit",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Edits a profile. A new e-mail needs the caller's currentPassword and is unconfirmed until the link mailed to it is opened.",
        params,
        body: ZUserEditBody,
        response: { 200: ZUserProfile },
      },
    },
    async (request) =>
      editUserProfile(await requireUser(deps, request), request.params.id, request.body, {
        linkBase: deps.settings.linkBase,
        ip: request.ip,
      }),
  );

  r.post(
    "/update-password",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Changes the caller's password after checking the current one. Every sign-in of the user ends, this one too; the answer is a fresh token pair for the caller.",
        body: ZUpdatePasswordBody,
        response: { 200: ZTokens },
      },
    },
    async (request) =>
      updatePassword(await requireUser(deps, request), deps.tokens, request.body, request.ip),
  );
}
