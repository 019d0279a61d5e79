import { randomBytes } from "node:crypto";
import {
  npsPeriodFor,
  type TChartRangeQuery,
  type TSharedReport,
  type TSharedReportData,
} from "@formloom/core/api/shared-reports";
import { and, desc, eq } from "drizzle-orm";
import { hashToken } from "../../auth/external-app-tokens.ts";
import type { Db } from "../../db/connect.ts";
import { sharedReports, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { can } from "../../http/policy.ts";
import { dailySubmissions } from "../statistics/dates.ts";
import { submitRate } from "../statistics/funnel.ts";
import { npsFields, npsResult } from "../statistics/nps.ts";
import { type ReadableForm, rangeOf, readableForm, zoneOf } from "../statistics/scope.ts";
import { answersSummary } from "../statistics/summary.ts";
import { chartExtras } from "./extras.ts";
import { submitRateDays } from "./submit-rate-days.ts";

type ReportRow = typeof sharedReports.$inferSelect;

function present(row: ReportRow, creator: string | null, callerId: number): TSharedReport {
  return {
    id: row.id,
    formId: row.formId,
    tokenStart: row.tokenStart,
    creator,
    mine: row.creatorId === callerId,
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

/** A new link to the form's charts, for a caller who may read its results; the token is in this answer only. */
export async function createSharedReport(ctx: TenantContext, formId: number) {
  await readableForm(ctx, formId);
  const token = randomBytes(24).toString("base64url");
  const [row] = await ctx.db
    .insert(sharedReports)
    .values({
      accountId: ctx.accountId,
      formId,
      creatorId: ctx.user.id,
      tokenHash: hashToken(token),
      tokenStart: token.slice(0, 6),
    })
    .returning();
  return { report: present(row!, ctx.user.username, ctx.user.id), token };
}

export async function listSharedReports(ctx: TenantContext, formId: number) {
  await readableForm(ctx, formId);
  const rows = await ctx.db
    .select({ report: sharedReports, creator: users.username })
    .from(sharedReports)
    .leftJoin(users, eq(users.id, sharedReports.creatorId))
    .where(and(eq(sharedReports.accountId, ctx.accountId), eq(sharedReports.formId, formId)))
    .orderBy(desc(sharedReports.id));
  return { reports: rows.map((row) => present(row.report, row.creator, ctx.user.id)) };
}

/** Revoking is for the link's maker or an account admin: the link stops working at once. */
export async function revokeSharedReport(ctx: TenantContext, formId: number, reportId: number) {
  await readableForm(ctx, formId);
  const [row] = await ctx.db
    .select()
    .from(sharedReports)
    .where(
      and(
        eq(sharedReports.accountId, ctx.accountId),
        eq(sharedReports.formId, formId),
        eq(sharedReports.id, reportId),
      ),
    );
  if (!row) throw notFound();
  if (row.creatorId !== ctx.user.id && !ctx.user.isAccountAdmin) throw forbidden("not_allowed");
  await ctx.db
    .delete(sharedReports)
    .where(and(eq(sharedReports.accountId, ctx.accountId), eq(sharedReports.id, reportId)));
}

/**
 * The form as the link's maker may read it now: their membership, their right to view results
 * and their data permissions are checked again at every read, so a maker who lost any of them
 * takes the link down with them. Anything amiss reads as a link that does not exist.
 */
async function makersForm(db: Db, token: string): Promise<{ ctx: TenantContext; form: ReadableForm }> {
  const [found] = await db
    .select({ report: sharedReports, creator: users })
    .from(sharedReports)
    .innerJoin(users, eq(users.id, sharedReports.creatorId))
    .where(eq(sharedReports.tokenHash, hashToken(token)));
  if (!found || found.creator.accountId !== found.report.accountId) throw notFound();
  const ctx: TenantContext = { db, user: found.creator, via: "session", accountId: found.report.accountId };
  if (!(await can(ctx, "results.view"))) throw notFound();
  const form = await readableForm(ctx, found.report.formId).catch(() => {
    throw notFound();
  });
  await db
    .update(sharedReports)
    .set({ lastOpenedAt: new Date() })
    .where(and(eq(sharedReports.accountId, ctx.accountId), eq(sharedReports.id, found.report.id)));
  return { ctx, form };
}

/** The figures of a shared report over the asked range: aggregates only, no answer nor sample text. */
export async function sharedReportData(
  db: Db,
  token: string,
  asked: TChartRangeQuery,
): Promise<TSharedReportData> {
  const { ctx, form } = await makersForm(db, token);
  const zone = zoneOf(ctx, asked.timezone);
  const range = rangeOf(asked.dateFrom, asked.dateTo, zone);
  const bounds = { from: asked.dateFrom, to: asked.dateTo };
  const npsField = npsFields(form)[0];
  const [daily, rate, rateDays, summary, nps, extras] = await Promise.all([
    dailySubmissions(db, form, range, zone, bounds),
    submitRate(db, form, range),
    submitRateDays(db, form, range, zone),
    answersSummary(db, form, range),
    npsField
      ? npsResult(db, form, npsField, range, npsPeriodFor(asked.dateFrom, asked.dateTo), zone)
      : Promise.resolve(null),
    chartExtras(db, form, range, zone),
  ]);
  return {
    title: form.title,
    dateFrom: asked.dateFrom ?? null,
    dateTo: asked.dateTo ?? null,
    timezone: zone,
    daily,
    submitRate: rate,
    submitRateDays: rateDays,
    // What respondents wrote is theirs: a shared report keeps the counts and leaves the texts out.
    summary: {
      total: summary.total,
      fields: summary.fields.map(({ samples: _samples, sampleFiles: _files, ...field }) => field),
    },
    nps,
    ...extras,
  };
}
