import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import type { AnswerAccess } from "@formloom/core/permissions";
import { type SQL, sql } from "drizzle-orm";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, invalidField } from "../../http/errors.ts";
import { answerAccess, assertCanRead } from "../../http/policy.ts";
import { wallClock } from "../../zone-clock.ts";
import { readForm } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";

/** The questions of a form its reader may see, in the form's order, with the reader's access. */
export interface ReadableForm {
  accountId: number;
  formId: number;
  title: string;
  fields: TElement[];
  access: AnswerAccess;
}

export async function readableForm(ctx: TenantContext, formId: number): Promise<ReadableForm> {
  const row = await loadForm(ctx, formId);
  const access = await answerAccess(ctx, row);
  assertCanRead(access);
  const fields = readForm(row)
    .fields.filter(isAnswerable)
    .filter((field) => access.level !== "fields" || access.fieldIds.has(field.id))
    .sort((a, b) => a.fieldOrder - b.fieldOrder);
  return { accountId: row.accountId, formId: row.id, title: row.title, fields, access };
}

/** The zone days are counted in: the one asked for, else the user's own; an unknown name is refused. */
export function zoneOf(ctx: TenantContext, asked: string | undefined): string {
  const zone = asked ?? ctx.user.timezone ?? "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch {
    throw invalidField("user.timezone.invalid", "timezone");
  }
  return zone;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** An instant as given, or a bare day's start (or end: the next day's start) in the zone. */
export function instant(value: string, zone: string, endOfDay: boolean): Date {
  if (!isDay(value)) {
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw badRequest("request.invalid");
    return parsed;
  }
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d + (endOfDay ? 1 : 0));
  if (Number.isNaN(utc) || new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d)
    throw badRequest("request.invalid");
  // The zone's offset at that moment is how far its wall clock stands from UTC.
  const shown = wallClock(zone)(new Date(utc)).getTime();
  return new Date(utc - (shown - utc));
}

/** A range of submit times: from inclusive, to exclusive (a bare day reaches to its end). */
export interface Range {
  from: Date | null;
  to: Date | null;
}

export function rangeOf(from: string | undefined, to: string | undefined, zone: string): Range {
  const range = {
    from: from ? instant(from, zone, false) : null,
    to: to ? instant(to, zone, true) : null,
  };
  if (range.from && range.to && range.from >= range.to) throw badRequest("resources.date.order");
  return range;
}

/** The SQL condition of one form's submissions in the range, over the alias `a`. */
export function submissionsOf(form: { accountId: number; formId: number }, range: Range): SQL {
  return sql`a.account_id = ${form.accountId} and a.form_id = ${form.formId}${
    range.from ? sql` and a.submit_time >= ${range.from.toISOString()}::timestamptz` : sql``
  }${range.to ? sql` and a.submit_time < ${range.to.toISOString()}::timestamptz` : sql``}`;
}
