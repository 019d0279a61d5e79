import { PassThrough } from "node:stream";
import { EXPORT_FORMATS, type ExportFormat, ZExportJob, ZExportQuery } from "@formloom/core/api/exports";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import { transliterate } from "@formloom/core/slug";
import { shortenTitle, stripHtml } from "@formloom/core/text";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportJobs } from "../../db/schema.ts";
import { type Deps, requireTenant } from "../../http/context.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../http/errors.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { wallClock } from "../../zone-clock.ts";
import { fileLinksFor } from "../files/file-links.ts";
import { loadForm } from "../forms/service.ts";
import { FREE_EXPORT_ROWS, requireFeature } from "../services/entitlements.ts";
import { connectionOf, googleConfigured } from "./google-account.ts";
import { googleAccountRoutes } from "./google-routes.ts";
import {
  downloadToken,
  type ExportJobOptions,
  enqueueExport,
  hashToken,
  makerMayStillRead,
  presentJob,
} from "./jobs.ts";
import { countSubmissions, describeForm, viewOf } from "./source.ts";
import { ExportAborted, planColumns, writeExport, XLS_MAX_ROWS } from "./writers.ts";

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  sav: "application/x-spss-sav",
};

/** A file name any system takes: the title without markup, transliterated, Latin letters, digits, _ and -. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = transliterate(stripHtml(title))
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, 80);
  return `${base || "results"}.${format}`;
}

function attachment(reply: FastifyReply, fileName: string, format: ExportFormat): FastifyReply {
  return reply
    .header("content-type", CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("x-content-type-options", "nosniff");
}

const ZExportAccepted = z.object({ job: ZExportJob });

export function exportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["answers"];
  const downloadUrl = (jobId: number) =>
    `/api/exports/download/${downloadToken(deps.settings.secretKey, jobId)}`;

  r.get(
    "/forms/:id/answers/export/:format",
    {
      // The file is streamed as it is written; XLSX is a zip already.
      compress: false,
      schema: {
        tags,
        description:
          "The form's submissions as a file: CSV, XLS, XLSX or SPSS (.sav). The rows, their order and the questions " +
          "follow the results table's filters, isViewed, sortBy, order and columns when given; the file carries tags, " +
          "comments, the score and each question's points as the caller may read them. Up to the job threshold the file is the answer; " +
          "beyond it the export runs as a job (202) whose progress and download link are read from export-jobs. " +
          "With google_spreadsheet=true the same table goes to a new spreadsheet of the caller's connected Google " +
          "account, always as a job whose sheetUrl is the result (400 export.google.not_connected without one). " +
          "More than 5,000 rows need the More responses service (402 service.required, or service.unpaid while its month is due).",
        params: ZIdParams.extend({ format: z.enum(EXPORT_FORMATS) }),
        querystring: ZExportQuery,
        response: { 202: ZExportAccepted },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const { id, format } = request.params;
      const query = request.query;
      const form = await loadForm(ctx, id);
      const access = await answerAccess(ctx, form);
      assertCanRead(access);
      const tableName =
        shortenTitle(stripHtml(query.table_name?.trim() || form.title).trim(), 60) || "Results";
      const view = viewOf(query);
      const exportForm = describeForm(form, access, query.settings, view);
      const options: ExportJobOptions = {
        types: query.settings,
        view,
        plainText: query.plain_text ?? true,
        tableName,
        timeZone: ctx.user.timezone,
        // An external app has its token to fetch files with; a person's spreadsheet has none, nor
        // a Google sheet, whoever asked for it: it is read in Google.
        signedFileLinks: ctx.via === "session" || query.google_spreadsheet === true,
      };
      if (query.google_spreadsheet) {
        if (!googleConfigured(deps.settings.google)) throw badRequest("export.google.not_configured");
        if (!(await connectionOf(ctx.db, ctx.user.id))) throw badRequest("export.google.not_connected");
        // The table name when given, else the form's title and the day, in the reader's zone.
        const today = wallClock(ctx.user.timezone)(new Date()).toISOString().slice(0, 10);
        const spreadsheetTitle = query.table_name?.trim()
          ? tableName
          : `${shortenTitle(stripHtml(form.title).trim(), 80) || "Results"} ${today}`;
        const total = await countSubmissions(ctx.db, exportForm);
        if (total > FREE_EXPORT_ROWS) await requireFeature(ctx, "exports.any_size");
        const job = await enqueueExport(
          ctx,
          id,
          format,
          { ...options, spreadsheetTitle },
          spreadsheetTitle,
          total,
          deps.settings.secretKey,
          "google_sheets",
        );
        return reply.status(202).send({ job: presentJob(job, null) });
      }
      const total = await countSubmissions(ctx.db, exportForm);
      if (total > FREE_EXPORT_ROWS) await requireFeature(ctx, "exports.any_size");
      if (format === "xls" && total > XLS_MAX_ROWS) throw badRequest("export.xls_too_many");
      const fileName = exportFileName(query.table_name?.trim() || form.title, format);
      if (total > deps.settings.exportJobThreshold) {
        const job = await enqueueExport(ctx, id, format, options, fileName, total, deps.settings.secretKey);
        return reply.status(202).send({ job: presentJob(job, null) });
      }
      const writeOptions = {
        format,
        ...options,
        linkBase: deps.settings.linkBase,
        fileLink: options.signedFileLinks ? fileLinksFor(deps.settings.jwtSecret, ctx.user) : undefined,
      };
      // Columns first: a failure there is still an ordinary error answer, not a cut download.
      const columns = await planColumns(ctx.db, exportForm, writeOptions);
      const body = new PassThrough();
      writeExport(ctx.db, exportForm, columns, writeOptions, body).catch((error: unknown) => {
        const cutOff =
          error instanceof ExportAborted ||
          (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE";
        if (cutOff) request.log.debug("export download cut off by the client");
        else request.log.error({ err: error }, "export failed while streaming");
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return attachment(reply, fileName, format).send(body);
    },
  );

  r.get(
    "/forms/:id/answers/export-jobs/:jobId",
    {
      schema: {
        tags,
        description: "A large export's progress; once done, a download link that works for two days.",
        params: ZIdParams.extend({ jobId: ZRowId }),
        response: { 200: ZExportJob },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const [job] = await ctx.db
        .select()
        .from(exportJobs)
        .where(
          and(
            eq(exportJobs.accountId, ctx.accountId),
            eq(exportJobs.formId, request.params.id),
            eq(exportJobs.id, request.params.jobId),
            // A job is its requester's: what it holds is what their access showed.
            eq(exportJobs.userId, ctx.user.id),
          ),
        );
      if (!job) throw notFound("export.job.not_found");
      return presentJob(job, downloadUrl(job.id));
    },
  );

  r.get(
    "/exports/download/:token",
    {
      config: { public: true },
      compress: false,
      schema: {
        tags,
        description:
          "The file of a finished export. The link itself is the permission; it stops working when the export " +
          "expires, and answers 403 `export.access_withdrawn` while the member who made it may no longer read " +
          "everything it holds (or has left the account).",
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "export.token_not_found") }),
      },
    },
    async (request, reply) => {
      const [job] = await deps.db
        .select()
        .from(exportJobs)
        .where(
          and(
            eq(exportJobs.tokenHash, hashToken(request.params.token)),
            eq(exportJobs.state, "done"),
            gt(exportJobs.expiresAt, new Date()),
          ),
        );
      if (!job?.storageKey) throw unauthorized("export.token_not_found");
      if (!(await makerMayStillRead(deps.db, job))) throw forbidden("export.access_withdrawn");
      const file = await deps.storage.getStream(job.storageKey);
      if (!file) throw new AppError(500, "export.failed");
      return attachment(reply, job.fileName, job.format as ExportFormat)
        .header("content-length", file.size)
        .header("cache-control", "private, no-store")
        .send(file.stream);
    },
  );

  googleAccountRoutes(app, deps);
}
