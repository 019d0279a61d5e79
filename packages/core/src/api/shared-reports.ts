import { z } from "zod";
import { ZAnswersSummary, ZDailySubmissions, ZNpsResult, ZSubmitRate } from "./statistics.ts";
import { ZSubmissionsCountries, ZSubmissionsDevices, ZSubmissionsTime } from "./submission-charts.ts";

export type { TSubmissionsCountries, TSubmissionsDevices, TSubmissionsTime } from "./submission-charts.ts";

/** The range a chart covers: bare days in the zone (the viewer's own when absent). */
export const ZChartRangeQuery = z.object({
  dateFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "request.invalid")
    .optional(),
  dateTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "request.invalid")
    .optional(),
  timezone: z.string().min(1).max(64).optional(),
});
export type TChartRangeQuery = z.infer<typeof ZChartRangeQuery>;

/** Per day in the reader's zone: the views of the public page, the submissions, and their ratio (the submit rate). */
export const ZSubmitRateDays = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      views: z.number(),
      submissions: z.number(),
      /** submissions / views × 100; null on a day without views. */
      submitRate: z.number().nullable(),
    }),
  ),
});
export type TSubmitRateDays = z.infer<typeof ZSubmitRateDays>;

/** One shared report as its form's readers see it in the list; the token itself is never shown again. */
export const ZSharedReport = z.object({
  id: z.number(),
  formId: z.number(),
  /** The link's first characters, to tell links apart. */
  tokenStart: z.string(),
  creator: z.string().nullable(),
  mine: z.boolean(),
  createdAt: z.string(),
  lastOpenedAt: z.string().nullable(),
});
export type TSharedReport = z.infer<typeof ZSharedReport>;

export const ZSharedReports = z.object({ reports: z.array(ZSharedReport) });

/** A new shared report with its token: the only answer that holds it. */
export const ZSharedReportCreated = z.object({ report: ZSharedReport, token: z.string() });
export type TSharedReportCreated = z.infer<typeof ZSharedReportCreated>;

export const ZSharedReportParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "request.invalid"),
});

export const ZSharedReportDeleteParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  reportId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * A shared report's figures over the asked range: aggregates only, never an answer, a text sample
 * or who sent it, over the fields its maker may read. Charts the server cannot draw are null.
 */
export const ZSharedReportData = z.object({
  title: z.string(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  timezone: z.string(),
  daily: ZDailySubmissions,
  submitRate: ZSubmitRate,
  submitRateDays: ZSubmitRateDays,
  summary: ZAnswersSummary,
  nps: ZNpsResult.nullable(),
  time: ZSubmissionsTime.nullable(),
  devices: ZSubmissionsDevices.nullable(),
  countries: ZSubmissionsCountries.nullable(),
});
export type TSharedReportData = z.infer<typeof ZSharedReportData>;

/** The NPS chart's step for a range: days up to two months, weeks up to a year, else months. */
export function npsPeriodFor(
  dateFrom: string | undefined,
  dateTo: string | undefined,
): "day" | "week" | "month" {
  if (!dateFrom || !dateTo) return "month";
  const days = (Date.parse(dateTo) - Date.parse(dateFrom)) / 86_400_000;
  return days <= 62 ? "day" : days <= 366 ? "week" : "month";
}
