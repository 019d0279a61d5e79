import { ZBrandAsset, ZBrandKit } from "@formloom/core/api/brand-kit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { readBrandImage, readBrandKit, saveBrandKit, uploadBrandImage } from "./service.ts";

/**
 * forms.md §3 "Brand kit": an account's logo, cover, colours and font, read by everyone in the
 * account (who apply it to forms), changed by those who may edit the account.
 */
export function brandKitRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["account"];

  r.get(
    "/account/brand-kit",
    {
      schema: {
        tags,
        description: 'The account\'s brand kit; every part is "" until it is saved.',
        response: { 200: ZBrandKit },
      },
    },
    async (request) => readBrandKit(deps.db, await requireTenant(deps, request, "account.view")),
  );

  r.put(
    "/account/brand-kit",
    {
      schema: {
        tags,
        description:
          "Saves the account's brand kit whole. Pictures are https addresses or the account's own uploads " +
          "(400 brand_kit.image.unknown for another's), colours are CSS colours without transparency " +
          "(400 style.value.invalid), the font one the app serves (400 brand_kit.font.unknown). A picture the kit " +
          "no longer names is removed once no form, theme or saved question shows it.",
        body: ZBrandKit,
        response: { 200: ZBrandKit },
      },
    },
    async (request) =>
      saveBrandKit(deps.db, deps.storage, await requireTenant(deps, request, "account.edit"), request.body),
  );

  r.post(
    "/account/brand-kit/images",
    {
      schema: {
        tags,
        description:
          "Uploads a picture for the brand kit (multipart, one file). Its type is read from its bytes: PNG, " +
          "JPEG, GIF or WebP only (400 brand_kit.image.type); at most 2 MB and the server's upload limit " +
          "(413 brand_kit.image.too_large); 20 per person and 60 per account in 10 minutes (429 " +
          "brand_kit.image.rate_limited). Answers the address the kit then names.",
        response: { 201: ZBrandAsset },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "account.edit");
      const stored = await uploadBrandImage(
        deps.db,
        deps.storage,
        ctx,
        request,
        deps.settings.uploadMaxBytes,
      );
      return reply.status(201).send(stored);
    },
  );

  r.get(
    "/assets/:id",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description: "A brand kit's picture, for anyone: published forms show it.",
        params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
      },
    },
    async (request, reply) => {
      const image = await readBrandImage(deps.db, deps.storage, request.params.id);
      return reply
        .header("content-type", image.mimeType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(image.bytes);
    },
  );
}
