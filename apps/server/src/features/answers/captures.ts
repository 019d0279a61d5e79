import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { TAnswerCapture } from "@formloom/core/api/captures";
import { CAPTURE_LIMITS, CAPTURE_TYPES, type CaptureType, captureKind } from "@formloom/core/capture";
import { consentProblems, offeredConsent } from "@formloom/core/consent";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.ts";
import { answerCaptures, forms } from "../../db/schema.ts";
import type { TenantContext, UserRow } from "../../http/context.ts";
import { AppError, badRequest, forbidden, invalidField, notFound } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import { answerAccess } from "../../http/policy.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { forgetUnwritten, putBeforeRow } from "../../storage/storage-writes.ts";
import { detectType } from "../files/file-types.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";
import { loadForm } from "../forms/service.ts";
import { answerRow } from "./single-result.ts";
import { holdUnclaimed } from "./unclaimed-media.ts";

/**
 * Chunks one respondent may send: the page sends one every few seconds while the form is filled,
 * so a long filling stays well inside; an address is shared by an office's people.
 */
export const CAPTURE_RATE = { windowSeconds: 600, perRespondent: 400, perAddress: 2000 } as const;

/**
 * How much of a form's captures no submission took yet may pile up: a stranger's script names a
 * new filling with each chunk, so a filling's own limit alone would let it fill the disk. The form
 * holds those of the last `unclaimedMinutes`, an address its share of the last day, as uploads
 * are held (UPLOAD_LIMITS); a submission takes its filling's capture out of both. The clean-up
 * removes the rest after a day (forgetUnsentCaptures).
 */
export const CAPTURE_UNCLAIMED = {
  unclaimedBytesPerForm: 2 * 1024 * 1024 * 1024,
  unclaimedBytesPerAddress: 1024 * 1024 * 1024,
  unclaimedMinutes: 30,
} as const;

export interface Capturer {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

const ZFillingKey = /^[\x21-\x7e]{1,200}$/;

/** The multipart fields that come before the chunk, in the body or the query. */
function chunkTarget(request: FastifyRequest, fields: Record<string, unknown>) {
  const query = request.query as Record<string, unknown>;
  const value = (name: string) => {
    const field = fields[name] as { value?: unknown } | undefined;
    const given = typeof field?.value === "string" ? field.value : query[name];
    return typeof given === "string" ? given : "";
  };
  const formId = Number(value("formId"));
  if (!Number.isInteger(formId) || formId <= 0 || formId > 2_147_483_647)
    throw invalidField("form.not_found", "formId");
  const key = value("key");
  if (!ZFillingKey.test(key)) throw invalidField("upload.filling_required", "key");
  const seq = Number(value("seq"));
  if (!/^\d{1,6}$/.test(value("seq")) || seq > CAPTURE_LIMITS.maxChunksPerFilling)
    throw invalidField("request.invalid", "seq");
  let consent: unknown;
  try {
    consent = JSON.parse(value("capturingConfirmOptions") || "[]");
  } catch {
    throw invalidField("request.invalid", "capturingConfirmOptions");
  }
  if (
    !Array.isArray(consent) ||
    consent.length > 20 ||
    consent.some((option) => typeof option !== "string" || option.length > 64)
  )
    throw invalidField("request.invalid", "capturingConfirmOptions");
  return { formId, key, seq, consent: consent as string[] };
}

/**
 * The type a chunk is kept as. The first chunk carries the container's header, so its bytes must
 * show a recorder's container; later chunks are the container's continuation and show nothing of
 * their own, so they keep the declared type when it is one of ours. Camera or microphone follows
 * the form's setting.
 */
async function chunkType(bytes: Buffer, seq: number, declared: string, video: boolean): Promise<CaptureType> {
  const kind = video ? "video" : "audio";
  if (seq === 0) {
    const found = await detectType(bytes);
    const container = found.ext === "webm" || found.ext === "mkv" ? "webm" : found.ext;
    const type = `${kind}/${container}`;
    if (!(CAPTURE_TYPES as readonly string[]).includes(type))
      throw invalidField("capture.invalid_chunk", "chunk");
    return type as CaptureType;
  }
  const base = declared.split(";")[0]!.trim().toLowerCase();
  const type = `${kind}/${base.split("/")[1] ?? "webm"}`;
  return (CAPTURE_TYPES as readonly string[]).includes(type) ? (type as CaptureType) : `${kind}/webm`;
}

const tooLarge = () => new AppError(413, "capture.too_large");

/** What a stranger piling up media no submission took is told (unclaimed-media.ts). */
const UNCLAIMED_REFUSAL = {
  addressCode: "capture.rate_limited",
  addressRetrySeconds: CAPTURE_RATE.windowSeconds,
  formCode: "capture.form_full",
} as const;

/**
 * Stores one chunk of a filling's capture, for a form the caller may fill that captures video or
 * audio, and only with the respondent's capturing consent. A filling's chunks together stay under
 * `maxBytes`, counted and reserved under a lock per filling so parallel chunks cannot pass it; a
 * chunk sent again (a retry after a lost answer) is kept once, and mends a row whose bytes are
 * missing. The bytes are written first and the row after them, so a row always has its bytes; a
 * refused chunk's bytes are removed again, and bytes whose row never came (the process stopped
 * between the two) are removed by the clean-up (forgetUnwrittenCaptures).
 */
export async function storeCaptureChunk(
  db: Db,
  storage: FileStorage,
  request: FastifyRequest,
  caller: Capturer,
  maxBytes: number,
): Promise<{ seq: number; stored: boolean }> {
  if (!request.isMultipart()) throw badRequest("request.invalid");
  const file = await readingMultipart(() =>
    request.file({ limits: { fileSize: CAPTURE_LIMITS.chunkBytes + 1, files: 1, fields: 6 } }),
  );
  if (!file) throw invalidField("answer.required", "chunk");
  const person = caller.visitor
    ? `user:${caller.visitor.id}`
    : caller.respondent
      ? `respondent:${caller.respondent}`
      : null;
  const { windowSeconds } = CAPTURE_RATE;
  await countRequest(
    db,
    [
      ...(person ? [{ key: `capture:${person}`, max: CAPTURE_RATE.perRespondent, windowSeconds }] : []),
      { key: `capture:ip:${addressKey(caller.ip)}`, max: CAPTURE_RATE.perAddress, windowSeconds },
    ],
    "capture.rate_limited",
  );
  const target = chunkTarget(request, file.fields as Record<string, unknown>);
  const bytes = await filePartBytes(file);
  if (!bytes || bytes.length > CAPTURE_LIMITS.chunkBytes) throw tooLarge();
  if (bytes.length === 0) throw invalidField("answer.required", "chunk");
  const [row] = await db.select().from(forms).where(eq(forms.id, target.formId));
  if (!row) throw notFound("form.not_found");
  const { settings } = readForm(row);
  assertFillable(row, settings, caller.visitor);
  const kind = captureKind(settings);
  if (!kind || !offeredConsent(settings, "capturing")) throw forbidden("capture.not_collected");
  const choice = { capturingConfirmOptions: target.consent };
  if (target.consent.length === 0 || consentProblems(settings, choice).length > 0) {
    throw forbidden("capture.consent_required");
  }
  const mimeType = await chunkType(bytes, target.seq, file.mimetype, kind.video);
  const storageKey = `captures/${row.accountId}/${row.id}/${randomBytes(16).toString("hex")}`;
  const uploader = addressKey(caller.ip);
  // The bytes first, then the row: a row never names bytes that are not there. Marked while
  // between the two, so bytes whose row never came (the process stopped) are cleaned up.
  return putBeforeRow(db, storage, storageKey, bytes, async () => {
    const outcome = await db
      .transaction(async (tx) => {
        // One lock per form: the form's and the address's shares hold under parallel chunks too.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('form-captures'), ${row.id}::int4)`);
        await holdUnclaimed(tx, answerCaptures, CAPTURE_UNCLAIMED, UNCLAIMED_REFUSAL, {
          accountId: row.accountId,
          formId: row.id,
          key: target.key,
          seq: target.seq,
          uploader,
          bytes: bytes.length,
        });
        const inserted = (await tx.execute(sql`
      insert into ${answerCaptures} (account_id, form_id, submission_key, seq, mime_type, storage_key, bytes, uploader)
      select ${row.accountId}::int, ${row.id}::int, ${target.key}, ${target.seq}::int, ${mimeType},
             ${storageKey}, ${bytes.length}::int, ${uploader}
      where (select coalesce(sum(bytes), 0) from ${answerCaptures}
              where account_id = ${row.accountId} and form_id = ${row.id} and submission_key = ${target.key})
            + ${bytes.length} <= ${maxBytes}
      on conflict do nothing
      returning 1 as kept`)) as unknown as { rows: unknown[] };
        if (inserted.rows.length > 0) return "stored" as const;
        // Not stored: over the limit, or this chunk came before (its retry is no error).
        const [again] = await tx
          .select({
            id: answerCaptures.id,
            storageKey: answerCaptures.storageKey,
            bytes: answerCaptures.bytes,
          })
          .from(answerCaptures)
          .where(
            and(
              eq(answerCaptures.accountId, row.accountId),
              eq(answerCaptures.formId, row.id),
              eq(answerCaptures.submissionKey, target.key),
              eq(answerCaptures.seq, target.seq),
            ),
          );
        return again ?? ("full" as const);
      })
      .catch(async (error: unknown) => {
        await storage.delete(storageKey);
        throw error;
      });
    // Not taken, or taken before: these bytes are not needed.
    const unneeded = () => storage.delete(storageKey);
    if (outcome === "full") {
      await unneeded();
      throw tooLarge();
    }
    if (outcome === "stored") return { seq: target.seq, stored: true };
    // Sent again. Its first bytes may never have reached the storage (the server stopped, or the
    // storage failed, between the two): the same chunk sent again mends its row.
    const before = await storage.getStream(outcome.storageKey);
    before?.stream.destroy();
    if (before || outcome.bytes !== bytes.length) {
      await unneeded();
      return { seq: target.seq, stored: false };
    }
    const mended = await db
      .update(answerCaptures)
      .set({ storageKey })
      .where(
        and(
          eq(answerCaptures.accountId, row.accountId),
          eq(answerCaptures.id, outcome.id),
          eq(answerCaptures.storageKey, outcome.storageKey),
        ),
      )
      .returning({ id: answerCaptures.id });
    if (mended.length === 0) {
      await unneeded();
      return { seq: target.seq, stored: false };
    }
    return { seq: target.seq, stored: true };
  });
}

/**
 * The submission and the whole of its form that the caller may see: the camera shows the
 * respondent at every question, so a reader limited to some fields is refused it.
 */
async function wholeSubmission(ctx: TenantContext, formId: number, answerId: number) {
  const access = await answerAccess(ctx, await loadForm(ctx, formId));
  if (access.level !== "all") throw forbidden("not_allowed");
  return answerRow(ctx, formId, answerId);
}

async function chunksOf(ctx: TenantContext, formId: number, answerId: number) {
  const answer = await wholeSubmission(ctx, formId, answerId);
  return ctx.db
    .select({
      mimeType: answerCaptures.mimeType,
      storageKey: answerCaptures.storageKey,
      bytes: answerCaptures.bytes,
    })
    .from(answerCaptures)
    .where(
      and(
        eq(answerCaptures.accountId, ctx.accountId),
        eq(answerCaptures.formId, formId),
        eq(answerCaptures.submissionKey, answer.submissionKey),
      ),
    )
    .orderBy(asc(answerCaptures.seq));
}

/** What was captured of one submission's filling; none: null. */
export async function readCapture(
  ctx: TenantContext,
  formId: number,
  answerId: number,
): Promise<TAnswerCapture> {
  const chunks = await chunksOf(ctx, formId, answerId);
  if (chunks.length === 0) return { capture: null };
  return {
    capture: {
      mimeType: chunks[0]!.mimeType as CaptureType,
      chunks: chunks.length,
      bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    },
  };
}

/** The capture's bytes, its chunks one after another in their order, read one at a time. */
export async function captureMedia(
  ctx: TenantContext,
  storage: FileStorage,
  formId: number,
  answerId: number,
): Promise<{ mimeType: string; size: number; stream: Readable }> {
  const chunks = await chunksOf(ctx, formId, answerId);
  if (chunks.length === 0) throw notFound();
  async function* bytes() {
    for (const chunk of chunks) {
      const part = await storage.get(chunk.storageKey);
      if (part) yield part;
    }
  }
  return {
    mimeType: chunks[0]!.mimeType,
    size: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    stream: Readable.from(bytes()),
  };
}

/**
 * Removes the capture rows of submissions deleted in the same transaction, by their keys; answers
 * their storage keys, whose bytes go once the transaction is done (removeCaptureBytes).
 */
export async function deleteCapturesOf(
  db: Pick<Db, "delete">,
  accountId: number,
  formId: number,
  keys: string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const removed = await db
    .delete(answerCaptures)
    .where(
      and(
        eq(answerCaptures.accountId, accountId),
        eq(answerCaptures.formId, formId),
        inArray(answerCaptures.submissionKey, keys),
      ),
    )
    .returning({ storageKey: answerCaptures.storageKey });
  return removed.map((row) => row.storageKey);
}

export async function removeCaptureBytes(
  storage: FileStorage,
  storageKeys: readonly string[],
): Promise<void> {
  await Promise.all(storageKeys.map((key) => storage.delete(key)));
}

/**
 * Removes the captures of fillings no submission took within a day, as unclaimed uploads are, and
 * of forms that are gone: their rows, then their bytes. Safe to run from several processes at once.
 */
export async function forgetUnsentCaptures(db: Db, storage: FileStorage): Promise<number> {
  const removed = (await db.execute(sql`
    delete from ${answerCaptures} c
     where not exists (select 1 from forms f where f.account_id = c.account_id and f.id = c.form_id)
        or (c.created_at < now() - interval '1 day'
            and not exists (select 1 from form_answers a where a.account_id = c.account_id
                              and a.form_id = c.form_id and a.submission_key = c.submission_key))
     returning c.storage_key`)) as unknown as { rows: Array<{ storage_key: string }> };
  await removeCaptureBytes(
    storage,
    removed.rows.map((row) => row.storage_key),
  );
  return removed.rows.length;
}

/**
 * Removes capture bytes written an hour ago or more whose row never came: the process stopped
 * between the bytes and the row. Safe to run from several processes at once. The rows are looked
 * up per account, which the key names (`captures/<accountId>/…`), so each lookup stays on its
 * account's node; a key that names none has no row.
 */
export function forgetUnwrittenCaptures(db: Db, storage: FileStorage): Promise<number> {
  return forgetUnwritten(db, storage, "captures/", async (keys) => {
    const byAccount = new Map<number, string[]>();
    for (const key of keys) {
      const account = /^captures\/(\d{1,9})\//.exec(key)?.[1];
      if (!account) continue;
      const ofAccount = byAccount.get(Number(account)) ?? [];
      ofAccount.push(key);
      byAccount.set(Number(account), ofAccount);
    }
    const named = new Set<string>();
    for (const [accountId, ofAccount] of byAccount) {
      const rows = await db
        .select({ key: answerCaptures.storageKey })
        .from(answerCaptures)
        .where(and(eq(answerCaptures.accountId, accountId), inArray(answerCaptures.storageKey, ofAccount)));
      for (const row of rows) named.add(row.key);
    }
    return named;
  });
}
