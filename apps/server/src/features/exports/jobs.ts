import { createHash, randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { ExportDataType, ExportDestination, ExportFormat, TExportJob } from "@formloom/core/api/exports";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SecretBox } from "../../auth/secret-box.ts";
import type { Db } from "../../db/connect.ts";
import { exportJobs, forms, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { answerAccess, coversAccess } from "../../http/policy.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import type { GoogleSettings } from "../../settings.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { fileLinksFor } from "../files/file-links.ts";
import { type GoogleAccess, GoogleTokenMissing } from "./google-account.ts";
import { writeGoogleSheet } from "./google-sheets.ts";
import { describeForm, type ExportForm, type ExportView } from "./source.ts";
import { planColumns, writeExport } from "./writers.ts";

/** Exported files stay downloadable this long (forms.md §9: one to two days). */
export const EXPORT_LIFETIME_HOURS = 48;
/** A job still "running" this long after it started lost its process: it is taken up again. */
const STALE_MINUTES = 30;
const MAX_ATTEMPTS = 3;

export interface ExportJobOptions {
  types: ExportDataType[];
  /** The results table's filters, order and questions the export follows (none in jobs made before). */
  view?: ExportView;
  plainText: boolean;
  tableName: string;
  timeZone: string;
  /** A Google Sheets export's spreadsheet title: the table name, else the form's title and the date. */
  spreadsheetTitle?: string;
  /** What of the answers the finished file holds: its maker's access when it was written. */
  writtenFor?: { level: "all" } | { level: "fields"; fieldIds: string[] };
  /**
   * Whether links to uploaded files open without signing in (files/file-links.ts): for a person;
   * an external app has its token to fetch them with. Jobs made before it was kept were signed.
   */
  signedFileLinks?: boolean;
}

/** The access a finished file was written with (all, for files made before it was kept). */
const writtenFor = (options: ExportJobOptions): AnswerAccess =>
  options.writtenFor?.level === "fields"
    ? { level: "fields", fieldIds: new Set(options.writtenFor.fieldIds) }
    : { level: "all" };

/**
 * Whether a finished file's link may still be followed: its maker is still a member of the account
 * and may still read everything the file holds, so a right taken away stops the link too.
 */
export async function makerMayStillRead(db: Db, job: JobRow): Promise<boolean> {
  const [form] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, job.accountId), eq(forms.id, job.formId)));
  const [user] = await db.select().from(users).where(eq(users.id, job.userId));
  if (!form || !user || user.accountId !== job.accountId) return false;
  const now = await answerAccess({ db, user, via: "session", accountId: job.accountId }, form);
  return coversAccess(now, writtenFor(job.options as ExportJobOptions));
}

type JobRow = typeof exportJobs.$inferSelect;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A job as its owner sees it, with the download link once the file is ready. */
export function presentJob(row: JobRow, downloadUrl: string | null): TExportJob {
  return {
    id: row.id,
    formId: row.formId,
    format: row.format as ExportFormat,
    state: row.state as TExportJob["state"],
    done: row.done,
    total: row.total,
    fileName: row.fileName,
    destination: row.destination as ExportDestination,
    sheetUrl: row.state === "done" ? row.sheetUrl : null,
    downloadUrl: row.state === "done" && row.destination === "file" ? downloadUrl : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The download token is derived from the job and a server secret, so the link can be shown on
 * every poll without storing the token itself; only its hash is kept to find the job by.
 */
export function downloadToken(secret: string, jobId: number): string {
  return createHash("sha256").update(`${secret}\nexport-download\n${jobId}`).digest("base64url");
}

export async function enqueueExport(
  ctx: TenantContext,
  formId: number,
  format: ExportFormat,
  options: ExportJobOptions,
  fileName: string,
  total: number,
  secret: string,
  destination: ExportDestination = "file",
): Promise<JobRow> {
  return ctx.db.transaction(async (tx) => {
    // The same export asked for again (a second click, a burst) while it is still being made is
    // the same job: one per reader, form, format and options at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('export-jobs'), ${ctx.user.id}::int4)`);
    const [running] = await tx
      .select()
      .from(exportJobs)
      .where(
        and(
          eq(exportJobs.accountId, ctx.accountId),
          eq(exportJobs.formId, formId),
          eq(exportJobs.userId, ctx.user.id),
          eq(exportJobs.format, format),
          eq(exportJobs.destination, destination),
          inArray(exportJobs.state, ["queued", "running"]),
          sql`${exportJobs.options} = ${JSON.stringify(options)}::jsonb`,
        ),
      )
      .limit(1);
    if (running) return running;
    const [row] = await tx
      .insert(exportJobs)
      .values({
        accountId: ctx.accountId,
        formId,
        userId: ctx.user.id,
        format,
        destination,
        options,
        total,
        fileName,
      })
      .returning();
    const [updated] = await tx
      .update(exportJobs)
      .set({ tokenHash: hashToken(downloadToken(secret, row!.id)) })
      .where(eq(exportJobs.id, row!.id))
      .returning();
    return updated!;
  });
}

/** drain() runs the jobs that are due now and returns how many finished. */
export type ExportWorker = PeriodicWorker;

/**
 * Runs queued exports one at a time in this process: claims a job with SKIP LOCKED (several
 * processes may share the table), writes the file to the storage as it streams from the
 * database, counting progress per batch, and marks it done with a two-day expiry, or failed.
 */
export function startExportWorker(options: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Where links in the file (uploaded files) point. */
  linkBase: string;
  /** What the links to uploaded files are signed with, for their reader (files/file-links.ts). */
  fileLinkSecret: string;
  /** For exports to Google Sheets: the OAuth client, and the box the users' tokens are sealed in. */
  google: GoogleSettings;
  secrets: SecretBox;
}): ExportWorker {
  const { db, storage, log } = options;
  const google: GoogleAccess = { db, secrets: options.secrets, google: options.google };

  async function claim(): Promise<JobRow | undefined> {
    const claimed = (await db.execute(sql`
      update ${exportJobs} set state = 'running', attempts = attempts + 1, started_at = now(), done = 0
      where id = (
        select id from ${exportJobs}
        where (state = 'queued' or (state = 'running' and started_at < now() - make_interval(mins => ${STALE_MINUTES})))
          and attempts < ${MAX_ATTEMPTS}
        order by id limit 1 for update skip locked)
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = claimed.rows[0]?.id;
    if (id === undefined) return undefined;
    const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    return row;
  }

  async function run(job: JobRow): Promise<void> {
    const [form] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.accountId, job.accountId), eq(forms.id, job.formId)));
    const [user] = await db.select().from(users).where(eq(users.id, job.userId));
    if (!form || !user || user.accountId !== job.accountId) throw new Error("form or user gone");
    // Access as it is now: a reader who lost it meanwhile gets nothing.
    const ctx: TenantContext = { db, user, via: "session", accountId: job.accountId };
    const access = await answerAccess(ctx, form);
    if (access.level === "none") throw new Error("access withdrawn");
    const jobOptions = job.options as ExportJobOptions;
    const exportForm: ExportForm = describeForm(form, access, jobOptions.types, jobOptions.view);
    const writeOptions = {
      format: job.format as ExportFormat,
      plainText: jobOptions.plainText,
      tableName: jobOptions.tableName,
      linkBase: options.linkBase,
      fileLink: jobOptions.signedFileLinks === false ? undefined : fileLinksFor(options.fileLinkSecret, user),
      timeZone: jobOptions.timeZone,
      onProgress: async (done: number) => {
        await db.update(exportJobs).set({ done }).where(eq(exportJobs.id, job.id));
      },
    };
    const columns = await planColumns(db, exportForm, writeOptions);
    const finished = {
      state: "done",
      finishedAt: new Date(),
      expiresAt: sql`now() + make_interval(hours => ${EXPORT_LIFETIME_HOURS})`,
      error: null,
    };
    if (job.destination === "google_sheets") {
      const spreadsheetTitle = jobOptions.spreadsheetTitle ?? jobOptions.tableName;
      const sheetUrl = await writeGoogleSheet(google, job.userId, db, exportForm, columns, {
        ...writeOptions,
        spreadsheetTitle,
      });
      await db
        .update(exportJobs)
        .set({ ...finished, sheetUrl })
        .where(eq(exportJobs.id, job.id));
      return;
    }
    const key = `exports/${job.accountId}/${job.id}-${randomBytes(6).toString("hex")}`;
    const pipe = new PassThrough();
    const stored = storage.putStream(key, pipe);
    try {
      await writeExport(db, exportForm, columns, writeOptions, pipe);
      await stored;
    } catch (error) {
      pipe.destroy();
      await stored.catch(() => undefined);
      await storage.delete(key);
      throw error;
    }
    const held =
      access.level === "fields"
        ? { level: access.level, fieldIds: [...access.fieldIds] }
        : { level: "all" as const };
    await db
      .update(exportJobs)
      .set({ ...finished, storageKey: key, options: { ...jobOptions, writtenFor: held } })
      .where(eq(exportJobs.id, job.id));
  }

  async function runDue(): Promise<number> {
    let finished = 0;
    for (let job = await claim(); job; job = await claim()) {
      try {
        await run(job);
        finished++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ exportJobId: job.id, attempt: job.attempts }, `export failed: ${message}`);
        // A Google token gone will not come back by trying again: the user must connect again.
        // Nor is a Google Sheets export run again (its calls were already retried): that would
        // leave a second, half-written spreadsheet beside the first.
        const tokenGone = error instanceof GoogleTokenMissing;
        const last = tokenGone || job.destination === "google_sheets" || job.attempts >= MAX_ATTEMPTS;
        await db
          .update(exportJobs)
          .set({
            state: last ? "failed" : "queued",
            error: tokenGone ? "export.token_not_found" : "export.failed",
          })
          .where(eq(exportJobs.id, job.id));
        if (!last) break;
      }
    }
    return finished;
  }

  return periodicWorker(runDue, { intervalMs: options.intervalMs, log, failure: "export worker failed" });
}

/** Removes exports past their expiry, their files first. Safe from several processes at once. */
export async function removeExpiredExports(db: Db, storage: FileStorage): Promise<number> {
  const expired = await db
    .delete(exportJobs)
    .where(lt(exportJobs.expiresAt, sql`now()`))
    .returning({ storageKey: exportJobs.storageKey });
  const failed = await db
    .delete(exportJobs)
    .where(and(eq(exportJobs.state, "failed"), lt(exportJobs.createdAt, sql`now() - interval '2 days'`)))
    .returning({ id: exportJobs.id });
  for (const row of expired) if (row.storageKey) await storage.delete(row.storageKey);
  return expired.length + failed.length;
}
