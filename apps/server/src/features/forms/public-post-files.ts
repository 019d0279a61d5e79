import type { TElement } from "@formloom/core/element-schema";
import { type ValidationError, validationError } from "@formloom/core/errors";
import { isAnswerable } from "@formloom/core/field-registry";
import { isUploadField } from "@formloom/core/field-types/file-like";
import { FORM_POST_FIELDS, type FormEntries, keptFileName, removedFileName } from "@formloom/core/form-post";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { forms } from "../../db/schema.ts";
import type { Deps } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { respondentOf } from "../answers/respondent.ts";
import { checkFileAnswers, countUpload, storeUpload } from "../files/uploads.ts";
import { readForm } from "./presenter.ts";

/**
 * The files of a form posted without JavaScript, as `multipart/form-data`: each file question's
 * new file is stored as the upload call stores it (counted, checked by its bytes, under the
 * filling's key); with none chosen, the question keeps the file of an earlier post of the same
 * filling, named by its hidden input (core's keptFileName), unless its Remove box is ticked
 * (removedFileName). The submission then checks and claims them as it does the page's script's.
 */

/** A file part as posted, under the name of its input. */
interface PostedPart {
  name: string;
  bytes: Buffer;
}

/** A multipart form's text entries (as a urlencoded one's), its files by input name, and files refused. */
export interface MultipartForm {
  entries: Record<string, string[]>;
  files: Map<string, PostedPart>;
  errors: ValidationError[];
}

/** The Idempotency-Key's shape (answers/routes.ts): printable ASCII. */
export const SUBMISSION_KEY = /^[\x21-\x7e]{1,200}$/;

/** The text of a multipart form may be as long as a urlencoded body (app.ts, BODY_LIMIT_BYTES). */
const TEXT_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads a posted form: its text entries, and a file for each of the form's file questions. A file
 * is counted against its uploader's limits as it starts, as the upload call counts one, and read
 * only then, to one byte past the server's limit; one under any other name, one sent before the
 * filling's key, or one over the uploader's limits is passed over unread.
 */
export async function readMultipartForm(
  deps: Deps,
  request: FastifyRequest,
  fields: readonly TElement[],
): Promise<MultipartForm> {
  const questions = new Set(
    fields.filter((field) => isAnswerable(field) && isUploadField(field)).map((f) => f.id),
  );
  const entries: Record<string, string[]> = Object.create(null);
  const files = new Map<string, PostedPart>();
  const errors: ValidationError[] = [];
  const uploader = { ip: request.ip, respondent: respondentOf(request) };
  let text = 0;
  await readingMultipart(async () => {
    // A file over the limit is cut and marked, not thrown: the other parts are still read. The
    // plugin reads this option per call, though its types for parts() leave it out.
    const options = {
      limits: {
        fileSize: deps.settings.uploadMaxBytes + 1,
        files: questions.size,
        fields: 5000,
        fieldSize: TEXT_LIMIT_BYTES,
        parts: 5000 + questions.size,
      },
      throwFileSizeLimit: false,
    };
    for await (const part of request.parts(options)) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        text += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        if (text > TEXT_LIMIT_BYTES) throw new AppError(413, "request.too_large");
        const values = entries[part.fieldname];
        if (values) values.push(value);
        else entries[part.fieldname] = [value];
        continue;
      }
      const key = entries[FORM_POST_FIELDS.submissionKey]?.[0] ?? "";
      // A file input left empty is sent as a part with no file name and no bytes.
      if (
        !questions.has(part.fieldname) ||
        files.has(part.fieldname) ||
        !part.filename ||
        !SUBMISSION_KEY.test(key)
      ) {
        part.file.resume();
        continue;
      }
      try {
        await countUpload(deps.db, undefined, uploader);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        errors.push(validationError(part.fieldname, error.code));
        part.file.resume();
        continue;
      }
      const bytes = await filePartBytes(part);
      if (!bytes) errors.push(validationError(part.fieldname, "answer.file_too_large"));
      else if (bytes.length === 0) errors.push(validationError(part.fieldname, "answer.file_empty"));
      else files.set(part.fieldname, { name: part.filename, bytes });
    }
  });
  return { entries, files, errors };
}

/**
 * The answers of the form's file questions: a new file stored, or the kept one. A file refused
 * (too large, of a type the question does not take, one too many for the uploader) is said under
 * its question, and the question keeps what it had.
 */
export async function postedFileAnswers(
  deps: Deps,
  storage: FileStorage,
  request: FastifyRequest,
  form: { id: number; fields: readonly TElement[] },
  key: string | undefined,
  posted: { entries: FormEntries } & Partial<Pick<MultipartForm, "files" | "errors">>,
): Promise<{ answers: TSubmissionAnswer[]; errors: ValidationError[] }> {
  const answers: TSubmissionAnswer[] = [];
  const keptAnswers: TSubmissionAnswer[] = [];
  const errors = [...(posted.errors ?? [])];
  const refused = new Set(errors.map((error) => error.field));
  const uploader = { ip: request.ip, respondent: respondentOf(request) };
  for (const field of form.fields) {
    if (!isUploadField(field)) continue;
    // A kept file whose Remove box is ticked is dropped; a new file still answers the question.
    const removed = posted.entries[removedFileName(field.id)] !== undefined;
    const kept = removed ? undefined : posted.entries[keptFileName(field.id)]?.[0];
    const keptAnswer = kept ? [{ fieldId: field.id, answer: [{ id: kept }] }] : [];
    const file = posted.files?.get(field.id);
    // Files belong to a filling: a post without its key (no browser sends one) stores none.
    if (!file || !key || refused.has(field.id)) {
      keptAnswers.push(...keptAnswer);
      continue;
    }
    try {
      const stored = await storeUpload(
        deps.db,
        storage,
        { formId: form.id, fieldId: field.id, fillingKey: key, name: file.name, bytes: file.bytes },
        undefined,
        deps.settings.uploadMaxBytes,
        uploader,
      );
      answers.push({ fieldId: field.id, answer: [stored] });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      errors.push(validationError(field.id, error.validationErrors?.[0]?.code ?? error.code));
      keptAnswers.push(...keptAnswer);
    }
  }
  return { answers: [...answers, ...(await keptFiles(deps, form.id, keptAnswers, key))], errors };
}

/**
 * The kept files as the server holds them (name, size, type), for the page drawn again and the
 * pages kept so far; one no longer held for this form and question (taken by another submission,
 * removed unclaimed) is left out, so the question is empty again.
 */
async function keptFiles(
  deps: Deps,
  formId: number,
  kept: TSubmissionAnswer[],
  key: string | undefined,
): Promise<TSubmissionAnswer[]> {
  if (kept.length === 0) return [];
  const [row] = await deps.db.select().from(forms).where(eq(forms.id, formId));
  if (!row) return [];
  const { fields } = readForm(row);
  const checked = await checkFileAnswers(
    deps.db,
    { accountId: row.accountId, id: row.id, fields },
    kept,
    key,
  );
  const refused = new Set(checked.errors.map((error) => error.field));
  return checked.answers.filter((answer) => !refused.has(answer.fieldId));
}
