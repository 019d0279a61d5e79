import { ZIdParams } from "@formloom/core/api/ids";
import {
  ZAnswersSummary,
  ZDailyQuery,
  ZDailySubmissions,
  ZFieldsAnalysis,
  ZGroupedDates,
  ZMonthQuery,
  ZNpsFields,
  ZNpsQuery,
  ZNpsResult,
  ZNpsTimeline,
  ZNpsTimelineQuery,
  ZPerformingQuery,
  ZPerformingQuestions,
  ZStatsRangeQuery,
  ZSubmitRate,
} from "@formloom/core/api/statistics";
import {
  ZRecentNew,
  ZSubmissionsCountries,
  ZSubmissionsDevices,
  ZSubmissionsTime,
} from "@formloom/core/api/submission-charts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { questionTitle } from "../exports/columns.ts";
import { dailySubmissions, groupedDates } from "./dates.ts";
import { fieldsAnalysis } from "./fields-analysis.ts";
import { performingQuestions, submitRate } from "./funnel.ts";
import { npsField, npsFields, npsResult, npsTimeline } from "./nps.ts";
import { recentNew } from "./recent-new.ts";
import { rangeOf, readableForm, zoneOf } from "./scope.ts";
import { submissionsCountries, submissionsDevices, submissionsTime } from "./submission-charts.ts";
import { answersSummary } from "./summary.ts";
import { startRoutes } from "./visits.ts";

interface AskedRange {
  date_from?: string | undefined;
  date_to?: string | undefined;
  timezone?: string | undefined;
}

/**
 * What every per-form statistic starts from: the caller allowed to view results, the questions of
 * the form they may read, and the asked dates as a range in the asked (else their own) zone.
 */
async function formInRange(deps: Deps, request: FastifyRequest, formId: number, asked: AskedRange) {
  const ctx = await requireTenant(deps, request, "results.view");
  const form = await readableForm(ctx, formId);
  const zone = zoneOf(ctx, asked.timezone);
  return { ctx, form, zone, range: rangeOf(asked.date_from, asked.date_to, zone) };
}

/**
 * Results' statistics from SQL aggregates over the stored answers: per-question summaries, NPS,
 * and submissions per day. A reader of selected fields gets figures of those fields only.
 */
export function statisticsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["statistics"];
  const params = ZIdParams;
  // The respondent's page reports a filling begun, for the submit rate's starts.
  startRoutes(app, deps);

  r.get(
    "/forms/:id/answers/summary",
    {
      schema: {
        tags,
        description:
          "Each question's summary: choice counts, numbers, scales and NPS, matrix grids, text samples.",
        params,
        querystring: ZStatsRangeQuery,
        response: { 200: ZAnswersSummary },
      },
    },
    async (request) => {
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, request.query);
      return answersSummary(ctx.db, form, range);
    },
  );

  r.get(
    "/forms/:id/daily-submissions",
    { schema: { tags, params, querystring: ZDailyQuery, response: { 200: ZDailySubmissions } } },
    async (request) => {
      const { dateFrom: date_from, dateTo: date_to, timezone } = request.query;
      const asked = { date_from, date_to, timezone };
      const { ctx, form, zone, range } = await formInRange(deps, request, request.params.id, asked);
      return dailySubmissions(ctx.db, form, range, zone, { from: date_from, to: date_to });
    },
  );

  // Figures of the submissions themselves, not of any question: a reader of selected fields gets
  // them as they get the submissions per day, and a reader of no field of the form is refused.
  const camelRange = (query: { dateFrom?: string; dateTo?: string; timezone?: string }) => ({
    date_from: query.dateFrom,
    date_to: query.dateTo,
    timezone: query.timezone,
  });

  r.get(
    "/forms/:id/submissions-time",
    {
      schema: {
        tags,
        description:
          "How long the range's fillings took, from the page's start to the submit: their count, median and mean in seconds, how many fell in each bucket (under 30 s, 30-60 s, 1-2, 2-5, 5-10, 10-30 min, 30 min and more), and each day's count and median in the zone.",
        params,
        querystring: ZDailyQuery,
        response: { 200: ZSubmissionsTime },
      },
    },
    async (request) => {
      const asked = camelRange(request.query);
      const { ctx, form, zone, range } = await formInRange(deps, request, request.params.id, asked);
      return submissionsTime(ctx.db, form, range, zone);
    },
  );

  r.get(
    "/forms/:id/charts/submissions-devices",
    {
      schema: {
        tags,
        description:
          "The range's submissions per kind of device (desktop, mobile, tablet, unknown), most first.",
        params,
        querystring: ZDailyQuery,
        response: { 200: ZSubmissionsDevices },
      },
    },
    async (request) => {
      const asked = camelRange(request.query);
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, asked);
      return submissionsDevices(ctx.db, form, range);
    },
  );

  r.get(
    "/forms/:id/charts/submissions-countries",
    {
      schema: {
        tags,
        description:
          "The range's submissions per country of the submitter's address (ISO 3166-1 alpha-2; null for unknown), most first.",
        params,
        querystring: ZDailyQuery,
        response: { 200: ZSubmissionsCountries },
      },
    },
    async (request) => {
      const asked = camelRange(request.query);
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, asked);
      return submissionsCountries(ctx.db, form, range);
    },
  );

  r.get(
    "/forms/:id/answers/recent-new",
    {
      schema: {
        tags,
        description:
          "Submissions that came in since the caller last opened the form's results list (all of them before they ever did), the latest one's time and when they looked. Per user, unlike the account's unread marks.",
        params,
        response: { 200: ZRecentNew },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return recentNew(ctx.db, ctx, request.params.id, () => readableForm(ctx, request.params.id));
    },
  );

  r.get(
    "/forms/:id/answers/date",
    { schema: { tags, params, querystring: ZStatsRangeQuery, response: { 200: ZDailySubmissions } } },
    async (request) => {
      const { ctx, form, zone, range } = await formInRange(deps, request, request.params.id, request.query);
      const { date_from: from, date_to: to } = request.query;
      return dailySubmissions(ctx.db, form, range, zone, { from, to });
    },
  );

  r.get(
    "/forms/:id/answers/submit-rate",
    {
      schema: {
        tags,
        description:
          "Views of the public page, fillings begun and submissions in the range, and their rates.",
        params,
        querystring: ZStatsRangeQuery,
        response: { 200: ZSubmitRate },
      },
    },
    async (request) => {
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, request.query);
      return submitRate(ctx.db, form, range);
    },
  );

  r.get(
    "/forms/:id/performing-questions",
    {
      schema: {
        tags,
        description:
          "Each question the caller may read: answered and skipped submissions, their rates and the mean time it held the focus.",
        params,
        querystring: ZPerformingQuery,
        response: { 200: ZPerformingQuestions },
      },
    },
    async (request) => {
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, request.query);
      const { sort_by: by, sort_order: order } = request.query;
      return performingQuestions(ctx.db, form, range, { by, order });
    },
  );

  r.get(
    "/forms/:id/fields-analysis",
    {
      schema: {
        tags,
        description:
          "Drop-off per question from the fillings' recorded behaviour and submissions: how many reached and answered it, where unfinished fillings stopped, and the time spent on it.",
        params,
        querystring: ZStatsRangeQuery,
        response: { 200: ZFieldsAnalysis },
      },
    },
    async (request) => {
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, request.query);
      return fieldsAnalysis(ctx.db, form, range);
    },
  );

  r.get(
    "/forms/answers/date/grouped",
    {
      schema: {
        tags,
        description: "Submissions per day over the account's forms the caller may read, each form's count.",
        querystring: ZStatsRangeQuery,
        response: { 200: ZGroupedDates },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const zone = zoneOf(ctx, request.query.timezone);
      return groupedDates(ctx, rangeOf(request.query.date_from, request.query.date_to, zone), zone);
    },
  );

  r.get(
    "/forms/answers/month/grouped",
    { schema: { tags, querystring: ZMonthQuery, response: { 200: ZGroupedDates } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const zone = zoneOf(ctx, request.query.timezone);
      const asked = request.query.month ?? new Date().toISOString().slice(0, 7);
      const [year, month] = asked.split("-").map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return groupedDates(ctx, rangeOf(`${asked}-01`, last, zone), zone);
    },
  );

  r.get(
    "/forms/:id/nps-fields",
    { schema: { tags, params, response: { 200: ZNpsFields } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      const form = await readableForm(ctx, request.params.id);
      return {
        fields: npsFields(form).map((field) => ({ id: field.id, title: questionTitle(field, true) })),
      };
    },
  );

  r.get(
    "/forms/:id/answer/nps",
    {
      schema: {
        tags,
        description:
          "The NPS of one question (nps_id, else the first): score, groups, 0-10 counts, per period.",
        params,
        querystring: ZNpsQuery,
        response: { 200: ZNpsResult },
      },
    },
    async (request) => {
      const { ctx, form, zone, range } = await formInRange(deps, request, request.params.id, request.query);
      const field = npsField(form, request.query.nps_id);
      return npsResult(ctx.db, form, field, range, request.query.period, zone);
    },
  );

  r.get(
    "/forms/:id/answer/nps/timeline",
    { schema: { tags, params, querystring: ZNpsTimelineQuery, response: { 200: ZNpsTimeline } } },
    async (request) => {
      const { ctx, form, range } = await formInRange(deps, request, request.params.id, request.query);
      const field = npsField(form, request.query.nps_id);
      return npsTimeline(ctx.db, form, field, range, request.query.page, request.query.itemsPerPage);
    },
  );
}
