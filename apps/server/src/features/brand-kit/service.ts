import { randomBytes } from "node:crypto";
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TYPES,
  type TBrandAsset,
  type TBrandKit,
  ZBrandKit,
} from "@formloom/core/api/brand-kit";
import { validationError } from "@formloom/core/errors";
import { OWN_FILE_PATH, unwrapUrl } from "@formloom/core/style-guard";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.ts";
import { brandAssets, brandKits } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { AppError, invalidField, notFound } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import { countRequest } from "../../http/rate-limits.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { detectType } from "../files/file-types.ts";
import { ownPictureIds, removeUnusedPictures, UNSAVED_PICTURES_MAX } from "./unused-pictures.ts";

const assetUrl = (id: string) => `/api/assets/${id}`;

/** The account's brand kit; every part unset until it is first saved. */
export async function readBrandKit(db: Db, ctx: TenantContext): Promise<TBrandKit> {
  const [row] = await db.select().from(brandKits).where(eq(brandKits.accountId, ctx.accountId));
  return ZBrandKit.parse(row?.kit ?? {});
}

/** The kit's pictures that are this server's files: each must be one this account uploaded. */
async function assertOwnPictures(db: Db, ctx: TenantContext, kit: TBrandKit): Promise<void> {
  const own = (["logo", "cover"] as const)
    .map((part) => ({ part, id: unwrapUrl(kit[part]) }))
    .filter(({ id }) => OWN_FILE_PATH.test(id))
    .map(({ part, id }) => ({ part, id: id.slice(id.lastIndexOf("/") + 1) }));
  if (own.length === 0) return;
  const found = await db
    .select({ id: brandAssets.id })
    .from(brandAssets)
    .where(
      and(
        eq(brandAssets.accountId, ctx.accountId),
        inArray(
          brandAssets.id,
          own.map(({ id }) => id),
        ),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const foreign = own.filter(({ id }) => !known.has(id));
  if (foreign.length > 0) {
    throw new AppError(
      400,
      "brand_kit.image.unknown",
      foreign.map(({ part }) => validationError(part, "brand_kit.image.unknown")),
    );
  }
}

/**
 * Saves the account's brand kit whole, its pictures checked to be the account's own uploads; the
 * pictures it no longer names are removed a month after nothing else shows them.
 */
export async function saveBrandKit(
  db: Db,
  storage: FileStorage,
  ctx: TenantContext,
  kit: TBrandKit,
): Promise<TBrandKit> {
  await assertOwnPictures(db, ctx, kit);
  const previous = await readBrandKit(db, ctx);
  const values = { accountId: ctx.accountId, kit, updatedBy: ctx.user.id, updatedAt: new Date() };
  await db
    .insert(brandKits)
    .values(values)
    .onConflictDoUpdate({
      target: brandKits.accountId,
      set: { kit, updatedBy: ctx.user.id, updatedAt: values.updatedAt },
    });
  await removeUnusedPictures(db, storage, { accountId: ctx.accountId, justUnnamed: ownPictureIds(previous) });
  return kit;
}

/**
 * How many pictures one person, and one account, may upload for the kit in a window: a kit holds
 * two, so this is plenty for trying a few, while a script cannot fill the storage.
 */
export const BRAND_UPLOAD_LIMITS = { windowSeconds: 600, perUser: 20, perAccount: 60 } as const;

const isBrandImage = (mime: string) => (BRAND_IMAGE_TYPES as readonly string[]).includes(mime);

/**
 * Takes one picture for the brand kit: within the size limit, a raster picture by its bytes (never
 * its name or declared type), stored through the app's file storage, answered with its address.
 * Refused while the account holds UNSAVED_PICTURES_MAX pictures nothing names yet, since those stay
 * a day: the rate limit alone would let a script keep filling the storage.
 */
export async function uploadBrandImage(
  db: Db,
  storage: FileStorage,
  ctx: TenantContext,
  request: FastifyRequest,
  serverMaxBytes: number,
): Promise<TBrandAsset> {
  if (!request.isMultipart()) throw invalidField("brand_kit.image.type", "file");
  const { windowSeconds } = BRAND_UPLOAD_LIMITS;
  await countRequest(
    db,
    [
      { key: `brand-image:user:${ctx.user.id}`, max: BRAND_UPLOAD_LIMITS.perUser, windowSeconds },
      { key: `brand-image:account:${ctx.accountId}`, max: BRAND_UPLOAD_LIMITS.perAccount, windowSeconds },
    ],
    "brand_kit.image.rate_limited",
  );
  const limit = Math.min(BRAND_IMAGE_MAX_BYTES, serverMaxBytes);
  // One byte over the limit is read, so a picture cut at the limit is told from one that fits.
  const file = await readingMultipart(() =>
    request.file({ limits: { fileSize: limit + 1, files: 1, fields: 2 } }),
  );
  if (!file) throw invalidField("brand_kit.image.type", "file");
  const bytes = await filePartBytes(file);
  if (!bytes || bytes.length > limit)
    throw new AppError(413, "brand_kit.image.too_large", [
      validationError("file", "brand_kit.image.too_large"),
    ]);
  const type = await detectType(bytes);
  if (!isBrandImage(type.mime)) throw invalidField("brand_kit.image.type", "file");
  const id = randomBytes(16).toString("hex");
  const storageKey = `brand/${ctx.accountId}/${id}`;
  await storage.put(storageKey, bytes);
  try {
    await db.transaction(async (tx) => {
      // One upload of the account at a time here, so parallel uploads cannot pass the cap together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('brand-assets'), ${ctx.accountId}::int4)`);
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(brandAssets)
        .where(and(eq(brandAssets.accountId, ctx.accountId), isNull(brandAssets.lastReferencedAt)));
      if ((held?.n ?? 0) >= UNSAVED_PICTURES_MAX) {
        throw new AppError(409, "brand_kit.image.unsaved_limit", [
          validationError("file", "brand_kit.image.unsaved_limit"),
        ]);
      }
      await tx.insert(brandAssets).values({
        accountId: ctx.accountId,
        id,
        mimeType: type.mime,
        size: bytes.length,
        storageKey,
        uploadedBy: ctx.user.id,
      });
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { url: assetUrl(id), mimeType: type.mime, size: bytes.length };
}

/** A brand picture's bytes for anyone: published forms show them to every respondent. */
export async function readBrandImage(db: Db, storage: FileStorage, id: string) {
  const [row] = await db.select().from(brandAssets).where(eq(brandAssets.id, id));
  const bytes = row ? await storage.get(row.storageKey) : null;
  if (!row || !bytes || !isBrandImage(row.mimeType)) throw notFound("not_found");
  return { bytes, mimeType: row.mimeType };
}
