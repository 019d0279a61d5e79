import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { unauthorized } from "../../http/errors.ts";
import { authorize } from "../../http/policy.ts";

/** How long a link to a file in an export opens it. */
export const FILE_LINK_DAYS = 30;

/** A submission's file as its address says: /api/forms/{form}/files/{file}. */
const FILE_URL = /^\/api\/forms\/(\d{1,12})\/files\/([0-9a-f]{32})$/;

/** The key file links are signed with, kept apart from the access tokens' own use of the secret. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("formloom file links").digest();

function signature(
  secret: string,
  formId: string,
  fileId: string,
  userId: number,
  version: number,
  expires: number,
) {
  return createHmac("sha256", keyOf(secret))
    .update(`${formId}:${fileId}:${userId}:${version}:${expires}`)
    .digest("base64url");
}

/**
 * Links to submissions' files for one reader (an export's links, opened from a spreadsheet where
 * no sign-in token goes along): each opens its file for `FILE_LINK_DAYS` while that reader may
 * still read it, and stops when they sign out everywhere or change their password.
 */
export function fileLinksFor(
  secret: string,
  reader: { id: number; tokenVersion: number },
  now = Date.now(),
): (url: string) => string {
  const expires = Math.floor(now / 1000) + FILE_LINK_DAYS * 86_400;
  return (url) => {
    const file = FILE_URL.exec(url);
    if (!file) return url;
    const [, formId = "", fileId = ""] = file;
    const sig = signature(secret, formId, fileId, reader.id, reader.tokenVersion, expires);
    return `${url}?link=${reader.id}.${reader.tokenVersion}.${expires}.${sig}`;
  };
}

/**
 * A submission file's address as its reader opens it from outside the app (an export, an e-mail):
 * absolute, and signed for that reader by `sign` (`fileLinksFor`) where they have one.
 */
export function fileAddress(url: string, linkBase: string, sign?: (url: string) => string): string {
  const own = sign ? sign(url) : url;
  return /^[a-z][a-z0-9+.-]*:/i.test(own) ? own : `${linkBase.replace(/\/$/, "")}/${own.replace(/^\//, "")}`;
}

/**
 * The reader a file link was made for, as a member of their account allowed to view results now;
 * 401 file.link_invalid for a link not made for this file, expired, or ended by a sign-out.
 */
export async function fileLinkReader(
  db: Db,
  secret: string,
  formId: number,
  fileId: string,
  link: string,
): Promise<TenantContext> {
  const invalid = () => unauthorized("file.link_invalid");
  const parts = /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(link);
  if (!parts) throw invalid();
  const [, userId = "", version = "", expires = "", given = ""] = parts;
  const expected = signature(
    secret,
    String(formId),
    fileId,
    Number(userId),
    Number(version),
    Number(expires),
  );
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw invalid();
  if (Number(expires) * 1000 < Date.now()) throw invalid();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, Number(userId)));
  if (!user || user.tokenVersion !== Number(version) || !user.accountId) throw invalid();
  const ctx: TenantContext = { db, user, via: "session", accountId: user.accountId };
  await authorize(ctx, "results.view");
  return ctx;
}
