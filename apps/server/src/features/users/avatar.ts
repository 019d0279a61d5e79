import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/connect.ts";
import { users } from "../../db/schema.ts";
import type { UserContext } from "../../http/context.ts";
import { AppError, badRequest, invalidField, notFound } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpg"],
  ["image/gif", "gif"],
  ["image/webp", "webp"],
]);

const directory = (dataDir: string) => path.join(dataDir, "avatars");

/**
 * Stores the uploaded picture as the caller's avatar. The type is read from the file's bytes,
 * not its name or declared type. Each upload gets a new random name, which is also what the
 * picture's address needs, so only those shown the profile can load it.
 */
export async function uploadAvatar(ctx: UserContext, request: FastifyRequest, dataDir: string) {
  if (!request.isMultipart()) throw badRequest("request.invalid");
  const file = await readingMultipart(() =>
    request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } }),
  );
  if (!file) throw invalidField("user.avatar.type", "file");
  const bytes = await filePartBytes(file);
  if (!bytes) throw new AppError(413, "user.avatar.too_large");
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? IMAGE_TYPES.get(type.mime) : undefined;
  if (!extension) throw invalidField("user.avatar.type", "file");
  const name = `${ctx.user.id}-${randomBytes(12).toString("hex")}.${extension}`;
  await mkdir(directory(dataDir), { recursive: true });
  await writeFile(path.join(directory(dataDir), name), bytes);
  const [updated] = await ctx.db
    .update(users)
    .set({ avatar: name })
    .where(eq(users.id, ctx.user.id))
    .returning();
  if (ctx.user.avatar) await rm(path.join(directory(dataDir), ctx.user.avatar), { force: true });
  return updated!;
}

/** The picture named in a profile; any other name is not found. */
export async function readAvatar(db: Db, dataDir: string, userId: number, name: string) {
  const [user] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.avatar, name)));
  if (!user?.avatar) throw notFound();
  const extension = path.extname(user.avatar).slice(1);
  const mime = [...IMAGE_TYPES].find(([, ext]) => ext === extension)?.[0] ?? "application/octet-stream";
  return { bytes: await readFile(path.join(directory(dataDir), user.avatar)), mime };
}
