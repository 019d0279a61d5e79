import { z } from "zod";
import { ANSWER_SORT_KEYS, ANSWER_SORT_PREFIX } from "./answers.ts";
import { ZAnswerFiltersParam } from "./results-table.ts";

/** The file formats results can be exported to (forms.md §9; Google Sheets is a separate destination). */
export const EXPORT_FORMATS = ["csv", "xls", "xlsx", "sav"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What an export may carry besides the submission's number: the answers, timing (start, submit,
 * time spent), score, result and each question's points (calculation forms), read state, the
 * readers' tags and comments, the respondent, device and geo. At least one must be chosen
 * (forms.md §5).
 */
export const EXPORT_DATA_TYPES = [
  "answers",
  "timing",
  "score",
  "read",
  "tags",
  "comments",
  "respondent",
  "device",
  "geo",
] as const;
export type ExportDataType = (typeof EXPORT_DATA_TYPES)[number];

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1")
  .optional();

/**
 * The spec's flags: `settings` names the data types (comma-separated; all when absent),
 * `plain_text` strips formatting from titles and answers (on by default), `table_name` names
 * the sheet and the file (the form's title when absent). What the results table shows narrows
 * the rows and columns as it does on screen: `filters` and `isViewed` as answer/paginated takes
 * them, `sortBy` and `order` (by number, oldest first, when absent), and `columns`, the
 * questions' ids to export (comma-separated; every question when absent).
 */
export const ZExportQuery = z.object({
  filters: ZAnswerFiltersParam.optional(),
  isViewed: z.enum(["true", "false"]).optional(),
  sortBy: z
    .union([z.enum(ANSWER_SORT_KEYS), z.templateLiteral([ANSWER_SORT_PREFIX, z.string().min(1).max(100)])])
    .optional(),
  order: z.enum(["asc", "desc"]).optional(),
  columns: z
    .string()
    .max(8000)
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : [
            ...new Set(
              value
                .split(",")
                .map((item) => item.trim())
                .filter(Boolean),
            ),
          ],
    ),
  settings: z
    .string()
    .max(500)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [...EXPORT_DATA_TYPES];
      const chosen = [
        ...new Set(
          value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ];
      if (chosen.length === 0) {
        ctx.addIssue({ code: "custom", message: "export.data_types.required" });
        return z.NEVER;
      }
      if (!chosen.every((item) => (EXPORT_DATA_TYPES as readonly string[]).includes(item))) {
        ctx.addIssue({ code: "custom", message: "export.data_types.unknown" });
        return z.NEVER;
      }
      return chosen as ExportDataType[];
    }),
  plain_text: flag,
  google_spreadsheet: flag,
  table_name: z.string().max(200).optional(),
});
export type TExportQuery = z.output<typeof ZExportQuery>;

export const EXPORT_JOB_STATES = ["queued", "running", "done", "failed"] as const;

/** Where an export goes: a file to download, or a new spreadsheet in the user's Google account. */
export const EXPORT_DESTINATIONS = ["file", "google_sheets"] as const;
export type ExportDestination = (typeof EXPORT_DESTINATIONS)[number];

/** A large export runs as a job: its progress, then a link that works for a limited time. */
export const ZExportJob = z.object({
  id: z.number(),
  formId: z.number(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_JOB_STATES),
  /** Submissions written so far, and how many there were when the job started. */
  done: z.number(),
  total: z.number(),
  fileName: z.string(),
  destination: z.enum(EXPORT_DESTINATIONS),
  /** A Google Sheets export's spreadsheet, once written. */
  sheetUrl: z.string().nullable(),
  /** Present once the file is ready: a link that needs no sign-in and works until `expiresAt`. */
  downloadUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** A message code when the job failed ("export.failed", or "export.token_not_found" for a Google token gone). */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

/** Whether the server can connect Google accounts, and whether the caller connected one. */
export const ZGoogleAccount = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type TGoogleAccount = z.infer<typeof ZGoogleAccount>;

/** Where the browser goes to give consent (Google's page, with state and a PKCE challenge). */
export const ZGoogleLogin = z.object({ url: z.string() });
