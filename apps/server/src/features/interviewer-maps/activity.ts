import type { TActivityPoint, TArea, TInterviewerActivity } from "@formloom/core/api/interviewer-maps";
import { hydrateForm } from "@formloom/core/form-document";
import { isInsideAny, type LatLng } from "@formloom/core/interviewer-areas";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { formAnswers, forms } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest } from "../../http/errors.ts";
import { answerAccessByForm } from "../../http/policy.ts";
import type { Interviewer } from "./authorization.ts";

/** The most days one look at the map covers, and the most submissions it draws. */
const MAX_DAYS = 31;
const MAX_POINTS = 5000;
const DAY_MS = 86_400_000;

/** A day as YYYY-MM-DD that is a real date, as milliseconds at its UTC midnight. */
function dayOf(text: string): number {
  const at = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text)
    throw badRequest("activity.date.invalid");
  return at;
}

function todayIn(timezone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** The days asked for, both included, at most MAX_DAYS; today (in the caller's time zone) when not said. */
export function daysAsked(query: { from?: string; to?: string }, timezone: string) {
  const from = query.from ?? query.to ?? todayIn(timezone);
  const to = query.to ?? from;
  const span = (dayOf(to) - dayOf(from)) / DAY_MS;
  if (span < 0 || span >= MAX_DAYS) throw badRequest("activity.range.invalid");
  return { from, to };
}

const asPoint = (value: unknown): LatLng | null => {
  if (typeof value !== "object" || value === null) return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return typeof lat === "number" && typeof lng === "number" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? { lat, lng }
    : null;
};

/** The form's place questions the reader may see: location answers first, then map answers. */
function placeFieldsOf(fields: readonly { id: string; fieldType: string }[], access: AnswerAccess): string[] {
  const readable = fields.filter(
    (field) => access.level === "all" || (access.level === "fields" && access.fieldIds.has(field.id)),
  );
  return [
    ...readable.filter((field) => field.fieldType === "location"),
    ...readable.filter((field) => field.fieldType === "map"),
  ].map((field) => field.id);
}

/**
 * Where and when an interviewer's submissions of those days were collected: the first location (or
 * map) answer the caller may read, else where the submitter's address is. Only forms whose answers
 * the caller may read count (policy.answerAccessByForm), and each point says whether it lies
 * outside all of the interviewer's areas.
 */
export async function activityOf(
  ctx: TenantContext,
  interviewer: Interviewer,
  days: { from: string; to: string },
  areas: TArea[],
): Promise<Omit<TInterviewerActivity, "tileUrl">> {
  const timezone = ctx.user.timezone || "UTC";
  const start = sql`(${days.from}::date)::timestamp at time zone ${timezone}`;
  const end = sql`((${days.to}::date + 1))::timestamp at time zone ${timezone}`;
  const rows = await ctx.db
    .select({
      id: formAnswers.id,
      formId: formAnswers.formId,
      number: formAnswers.number,
      submitTime: formAnswers.submitTime,
      answers: formAnswers.answers,
      geo: formAnswers.geo,
    })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.accountId, ctx.accountId),
        eq(formAnswers.userId, interviewer.id),
        gte(formAnswers.submitTime, start),
        lt(formAnswers.submitTime, end),
      ),
    )
    .orderBy(formAnswers.submitTime, formAnswers.id)
    .limit(MAX_POINTS);

  const formIds = [...new Set(rows.map((row) => row.formId))];
  const formRows =
    formIds.length === 0
      ? []
      : await ctx.db
          .select({
            id: forms.id,
            title: forms.title,
            creatorId: forms.creatorId,
            fields: forms.fields,
            settings: forms.settings,
            modelVersion: forms.modelVersion,
          })
          .from(forms)
          .where(and(eq(forms.accountId, ctx.accountId), inArray(forms.id, formIds)));
  const access = await answerAccessByForm(ctx, formRows);
  const readable = new Map(
    formRows.flatMap((form) => {
      const formAccess = access.get(form.id) ?? { level: "none" as const };
      if (formAccess.level === "none") return [];
      const { fields } = hydrateForm({
        version: form.modelVersion,
        settings: form.settings,
        fields: form.fields,
      });
      return [[form.id, { title: form.title, placeFields: placeFieldsOf(fields, formAccess) }] as const];
    }),
  );

  const points: TActivityPoint[] = [];
  let unplaced = 0;
  for (const row of rows) {
    const form = readable.get(row.formId);
    if (!form) continue;
    const answers = Array.isArray(row.answers)
      ? (row.answers as Array<{ fieldId?: unknown; answer?: unknown }>)
      : [];
    let place: LatLng | null = null;
    for (const fieldId of form.placeFields) {
      place = asPoint(answers.find((item) => item.fieldId === fieldId)?.answer);
      if (place) break;
    }
    const geo = row.geo as { latitude?: unknown; longitude?: unknown } | null;
    const fromGeo = place ? null : asPoint({ lat: geo?.latitude, lng: geo?.longitude });
    const at = place ?? fromGeo;
    if (!at) {
      unplaced++;
      continue;
    }
    points.push({
      answerId: row.id,
      formId: row.formId,
      formTitle: form.title,
      number: row.number,
      submittedAt: row.submitTime.toISOString(),
      lat: at.lat,
      lng: at.lng,
      source: place ? "answer" : "geo",
      outside: !isInsideAny(at, areas),
    });
  }
  return { interviewer, from: days.from, to: days.to, timezone, points, unplaced, areas };
}
