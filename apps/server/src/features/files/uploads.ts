import { randomBytes } from "node:crypto";
import type { TElement } from "@formloom/core/element-schema";
import { type ValidationError, validationError } from "@formloom/core/errors";
import { isUploadField } from "@formloom/core/field-types/file-like";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.ts";
import { formFiles, formStarts, forms } from "../../db/schema.ts";
import type { TenantContext, UserRow } from "../../http/context.ts";
import { AppError, badRequest, invalidField, notFound } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { addressKey, countRequest, RateLimited } from "../../http/rate-limits.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { readForm } from "../forms/presenter.ts";
import { assertOpen } from "../forms/public.ts";
import { loadForm } from "../forms/service.ts";
import { recordStart } from "../statistics/visits.ts";
import { accepts, cleanName, detectType, fieldLimitBytes, soundOnly } from "./file-types.ts";

/** What the upload call answers and an answer then carries. */
export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  size: number;
  mimeType: string;
}

type FileRow = typeof formFiles.$inferSelect;

const fileUrl = (row: Pick<FileRow, "formId" | "id">) => `/api/forms/${row.formId}/files/${row.id}`;
const present = (row: FileRow): UploadedFile => ({
  id: row.id,
  url: fileUrl(row),
  name: row.name,
  size: row.size,
  mimeType: row.mimeType,
});

function formTarget(request: FastifyRequest, fields: Record<string, unknown>) {
  const query = request.query as Record<string, unknown>;
  const value = (name: string) => {
    const field = fields[name] as { value?: unknown } | undefined;
    const given = typeof field?.value === "string" ? field.value : query[name];
    return typeof given === "string" ? given : "";
  };
  const formId = Number(value("formId"));
  if (!Number.isInteger(formId) || formId <= 0 || formId > 2_147_483_647)
    throw invalidField("form.not_found", "formId");
  const fieldId = value("fieldId");
  if (!fieldId || fieldId.length > 64) throw invalidField("answer.unknown_field", "fieldId");
  const fillingKey = value("key");
  if (!ZFillingKey.test(fillingKey)) throw invalidField("upload.filling_required", "key");
  return { formId, fieldId, fillingKey };
}

/**
 * How much one uploader may send, and how many files no submission took yet a form keeps: enough
 * for a person filling several file questions again and again, and for an office behind one
 * address, while a stranger's script can neither fill the disk nor the form. Such files count
 * for the form only while their filling may still be under way (`unclaimedMinutes`), and a
 * filling and an address each hold only a share of them. Uploads no submission took are removed
 * after a day (removeOrphanFiles).
 */
export const UPLOAD_LIMITS = {
  windowSeconds: 600,
  perRespondent: 20,
  perAddress: 60,
  /** Unclaimed files of one filling, and of one address in the last day, in one form. */
  unclaimedPerFilling: 20,
  unclaimedPerAddress: 100,
  /** Unclaimed files and bytes of one form uploaded in the last `unclaimedMinutes`. */
  unclaimedFilesPerForm: 1000,
  unclaimedBytesPerForm: 2 * 1024 * 1024 * 1024,
  unclaimedMinutes: 30,
} as const;

/** Who uploads: the signed-in user or the signed respondent cookie, and the address. */
export interface Uploader {
  ip: string;
  respondent: string | undefined;
}

/** The filling an upload belongs to: the key its submission will be sent with, as the page names it. */
const ZFillingKey = /^[\x21-\x7e]{1,200}$/;

export async function countUpload(db: Db, visitor: UserRow | undefined, uploader: Uploader): Promise<void> {
  const person = visitor
    ? `user:${visitor.id}`
    : uploader.respondent
      ? `respondent:${uploader.respondent}`
      : null;
  const { windowSeconds } = UPLOAD_LIMITS;
  await countRequest(
    db,
    [
      ...(person ? [{ key: `upload:${person}`, max: UPLOAD_LIMITS.perRespondent, windowSeconds }] : []),
      { key: `upload:ip:${addressKey(uploader.ip)}`, max: UPLOAD_LIMITS.perAddress, windowSeconds },
    ],
    "upload.rate_limited",
  );
}

/**
 * Records an upload unless its filling or its address already holds its share of the form's
 * unclaimed files, or the form as many recent ones, or bytes, as it keeps: counted and inserted
 * under a lock per form, so parallel uploads cannot pass a cap together.
 */
async function recordUpload(db: Db, values: typeof formFiles.$inferInsert): Promise<FileRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('form-uploads'), ${values.formId}::int4)`);
    const recent = sql`${formFiles.createdAt} > now() - make_interval(mins => ${UPLOAD_LIMITS.unclaimedMinutes})`;
    const [held] = await tx
      .select({
        files: sql<number>`count(*) filter (where ${recent})`,
        bytes: sql<number>`coalesce(sum(${formFiles.size}) filter (where ${recent}), 0)`,
        filling: sql<number>`count(*) filter (where ${formFiles.fillingKey} = ${values.fillingKey ?? ""})`,
        address: sql<number>`count(*) filter (where ${formFiles.uploader} = ${values.uploader ?? ""}
          and ${formFiles.createdAt} > now() - interval '1 day')`,
        oldest: sql<number>`extract(epoch from min(${formFiles.createdAt}) filter (where ${recent})
          + make_interval(mins => ${UPLOAD_LIMITS.unclaimedMinutes}) - now())`,
      })
      .from(formFiles)
      .where(
        and(
          eq(formFiles.accountId, values.accountId),
          eq(formFiles.formId, values.formId),
          isNull(formFiles.answerId),
        ),
      );
    if (
      Number(held?.filling ?? 0) >= UPLOAD_LIMITS.unclaimedPerFilling ||
      Number(held?.address ?? 0) >= UPLOAD_LIMITS.unclaimedPerAddress
    ) {
      throw new RateLimited("upload.rate_limited", UPLOAD_LIMITS.windowSeconds);
    }
    if (
      Number(held?.files ?? 0) >= UPLOAD_LIMITS.unclaimedFilesPerForm ||
      Number(held?.bytes ?? 0) + values.size > UPLOAD_LIMITS.unclaimedBytesPerForm
    ) {
      // Until the oldest of the recent ones stops counting.
      throw new RateLimited("upload.form_full", Math.max(1, Math.ceil(Number(held?.oldest ?? 60))));
    }
    const [stored] = await tx.insert(formFiles).values(values).returning();
    return stored!;
  });
}

/**
 * Takes one file a respondent uploads to a file-like field of a published form: counted against
 * the uploader's limits before it is read, then stored (storeUpload) and answered with the id the
 * submission then refers to.
 */
export async function uploadFile(
  db: Db,
  storage: FileStorage,
  request: FastifyRequest,
  visitor: UserRow | undefined,
  serverMaxBytes: number,
  uploader: Uploader,
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest("request.invalid");
  // One byte over the limit is read, so a file cut at the limit is told from one that fits. The
  // parts up to the file's start are parsed first: a body that is no multipart is not counted.
  const file = await readingMultipart(() =>
    request.file({ limits: { fileSize: serverMaxBytes + 1, files: 1, fields: 5 } }),
  );
  if (!file) throw invalidField("answer.required", "file");
  await countUpload(db, visitor, uploader);
  const target = formTarget(request, file.fields as Record<string, unknown>);
  const bytes = await filePartBytes(file);
  if (!bytes) throw fileTooLarge(target.fieldId);
  return storeUpload(
    db,
    storage,
    { ...target, name: file.filename, bytes },
    visitor,
    serverMaxBytes,
    uploader,
  );
}

const fileTooLarge = (fieldId: string) =>
  new AppError(413, "answer.file_too_large", [validationError(fieldId, "answer.file_too_large")]);

/** A file read from a post, for a field of a form, in a filling. */
export interface PostedFile {
  formId: number;
  fieldId: string;
  fillingKey: string;
  name: string | undefined;
  bytes: Buffer;
}

/**
 * Stores a file read from the upload call or from a form posted without JavaScript (the uploader
 * counted already): checked against the field's size limit and, by its bytes, the field's types.
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  file: PostedFile,
  visitor: UserRow | undefined,
  serverMaxBytes: number,
  uploader: Uploader,
): Promise<UploadedFile> {
  const { formId, fieldId, fillingKey, bytes } = file;
  const [row] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!row) throw notFound("form.not_found");
  const { settings, fields } = readForm(row);
  await assertOpen(db, row, settings, visitor);
  const element = fields.find((field) => field.id === fieldId);
  if (!element) throw invalidField("answer.unknown_field", "fieldId");
  if (!isUploadField(element)) throw invalidField("answer.takes_no_files", "fieldId");
  if (bytes.length === 0) throw invalidField("answer.file_empty", fieldId);
  if (bytes.length > fieldLimitBytes(element, serverMaxBytes)) throw fileTooLarge(fieldId);
  const type = soundOnly(await detectType(bytes), bytes);
  if (!accepts(element, type)) throw invalidField("answer.file_type", fieldId);

  // The upload belongs to a filling that has begun: one the page reported, or begun by this file.
  const [started] = await db
    .select({ key: formStarts.visitKey })
    .from(formStarts)
    .where(
      and(
        eq(formStarts.accountId, row.accountId),
        eq(formStarts.formId, row.id),
        eq(formStarts.visitKey, fillingKey),
      ),
    );
  if (!started) await recordStart(db, { formId: row.id, key: fillingKey }, { ...uploader, visitor });
  const id = randomBytes(16).toString("hex");
  const storageKey = `forms/${row.accountId}/${row.id}/${id}`;
  // The row first, so a full form refuses before any byte is written; no reader takes a file
  // before a submission claims it, by which time its bytes are there.
  const stored = await recordUpload(db, {
    id,
    accountId: row.accountId,
    formId: row.id,
    fieldId,
    name: cleanName(file.name),
    mimeType: type.mime,
    size: bytes.length,
    storageKey,
    uploader: addressKey(uploader.ip),
    fillingKey,
  });
  try {
    await storage.put(storageKey, bytes);
  } catch (error) {
    await db.delete(formFiles).where(eq(formFiles.id, id));
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return present(stored);
}

/** Types a browser could run or draw as a page: always sent as plain bytes. */
const ACTIVE_TYPES = /html|svg|xml|javascript|ecmascript|xhtml/i;

/**
 * A submitted file, for an account user who may see the form's results (and, with access to
 * selected fields, that field). Always a download: never shown inside the app's origin.
 */
export async function readFile(ctx: TenantContext, storage: FileStorage, formId: number, fileId: string) {
  const form = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, form);
  assertCanRead(access);
  const [row] = await ctx.db
    .select()
    .from(formFiles)
    .where(
      and(eq(formFiles.accountId, ctx.accountId), eq(formFiles.formId, formId), eq(formFiles.id, fileId)),
    );
  if (!row || row.answerId === null) throw notFound();
  if (access.level === "fields" && !access.fieldIds.has(row.fieldId)) throw notFound();
  const bytes = await storage.get(row.storageKey);
  if (!bytes) throw notFound();
  return {
    bytes,
    mimeType: ACTIVE_TYPES.test(row.mimeType) ? "application/octet-stream" : row.mimeType,
    disposition: contentDisposition(row.name),
  };
}

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

interface FileAnswerCheck {
  answers: TSubmissionAnswer[];
  errors: ValidationError[];
  /** The uploads the submission takes, to tie to it once stored. */
  fileIds: string[];
}

/**
 * Puts the server's record of each uploaded file in place of what the browser sent, so sizes and
 * types are the ones the server measured. A file must have been uploaded to this form and this
 * field and not be taken by another submission (a resend under the same key may take its own).
 */
export async function checkFileAnswers(
  db: Db,
  form: { accountId: number; id: number; fields: readonly TElement[] },
  answers: readonly TSubmissionAnswer[],
  submissionKey: string | undefined,
): Promise<FileAnswerCheck> {
  const uploadFields = new Set(form.fields.filter(isUploadField).map((field) => field.id));
  const wanted = new Map<string, string[]>();
  const errors: ValidationError[] = [];
  for (const answer of answers) {
    if (!uploadFields.has(answer.fieldId) || answer.answer === null || answer.answer === undefined) continue;
    const refs = Array.isArray(answer.answer) ? answer.answer : null;
    const ids = refs?.map((ref) =>
      ref && typeof ref === "object" ? (ref as { id?: unknown }).id : undefined,
    );
    if (!ids || ids.some((id) => typeof id !== "string" || id.length > 64)) {
      errors.push(validationError(answer.fieldId, "answer.invalid"));
      continue;
    }
    wanted.set(answer.fieldId, ids as string[]);
  }
  const allIds = [...wanted.values()].flat();
  if (allIds.length === 0) return { answers: [...answers], errors, fileIds: [] };
  const ownAnswer = submissionKey
    ? sql`${formFiles.answerId} in (select id from form_answers where account_id = ${form.accountId}
        and form_id = ${form.id} and submission_key = ${submissionKey})`
    : undefined;
  const rows = await db
    .select()
    .from(formFiles)
    .where(
      and(
        eq(formFiles.accountId, form.accountId),
        eq(formFiles.formId, form.id),
        inArray(formFiles.id, allIds),
        ownAnswer ? or(isNull(formFiles.answerId), ownAnswer) : isNull(formFiles.answerId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const replaced = answers.map((answer) => {
    const ids = wanted.get(answer.fieldId);
    if (!ids) return answer;
    const found = ids.map((id) => byId.get(id));
    if (new Set(ids).size !== ids.length || found.some((row) => !row || row.fieldId !== answer.fieldId)) {
      errors.push(validationError(answer.fieldId, "answer.invalid"));
      return answer;
    }
    return { ...answer, answer: (found as FileRow[]).map(present) };
  });
  return { answers: replaced, errors, fileIds: allIds };
}

/**
 * Ties the uploads a stored submission took to it, so they live and die with it: all of them or
 * none. Answers false when another submission took one of them first (two sent at once with the
 * same upload); the row lock of the update makes the later one see it taken. Answers the ids
 * that were taken (none when it tied them all).
 */
export async function claimFiles(
  db: Db,
  accountId: number,
  formId: number,
  answerId: number,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const unique = [...new Set(fileIds)];
  return db
    .transaction(async (tx) => {
      const claimed = await tx
        .update(formFiles)
        .set({ answerId })
        .where(
          and(
            eq(formFiles.accountId, accountId),
            eq(formFiles.formId, formId),
            inArray(formFiles.id, unique),
            isNull(formFiles.answerId),
          ),
        )
        .returning({ id: formFiles.id });
      if (claimed.length !== unique.length) {
        const got = new Set(claimed.map((row) => row.id));
        throw new FilesTaken(unique.filter((id) => !got.has(id)));
      }
      return [];
    })
    .catch((error: unknown) => {
      if (error instanceof FilesTaken) return error.ids;
      throw error;
    });
}

class FilesTaken extends Error {
  constructor(readonly ids: string[]) {
    super("files taken");
  }
}

/** The answers that name any of these uploads, each refused as invalid. */
export function fieldsWithFiles(
  answers: readonly TSubmissionAnswer[],
  fileIds: readonly string[],
): ValidationError[] {
  const ids = new Set(fileIds);
  const names = (ref: unknown) =>
    ref !== null && typeof ref === "object" && ids.has(String((ref as { id?: unknown }).id));
  return answers
    .filter((answer) => Array.isArray(answer.answer) && answer.answer.some(names))
    .map((answer) => validationError(answer.fieldId, "answer.invalid"));
}

/**
 * Removes the files whose form or submission is gone, and uploads no submission took within a
 * day: their rows, then their bytes. Safe to run from several processes at once.
 */
export async function removeOrphanFiles(db: Db, storage: FileStorage, formId?: number): Promise<number> {
  const removed = await db
    .delete(formFiles)
    .where(
      and(
        formId === undefined ? undefined : eq(formFiles.formId, formId),
        sql`(not exists (select 1 from forms f where f.account_id = ${formFiles.accountId} and f.id = ${formFiles.formId})
          or (${formFiles.answerId} is null and ${formFiles.createdAt} < now() - interval '1 day')
          or (${formFiles.answerId} is not null and not exists (select 1 from form_answers a
                where a.account_id = ${formFiles.accountId} and a.id = ${formFiles.answerId})))`,
      ),
    )
    .returning({ storageKey: formFiles.storageKey });
  await Promise.all(removed.map((row) => storage.delete(row.storageKey)));
  return removed.length;
}
