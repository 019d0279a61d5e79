import type { ZStoredAnswer } from "@formloom/core/api/answers";
import type { ExportDataType } from "@formloom/core/api/exports";
import type { TElement } from "@formloom/core/element-schema";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { formAnswers, type forms, users } from "../../db/schema.ts";
import { readForm } from "../forms/presenter.ts";
import type { ExportRow } from "./columns.ts";

/** Submissions are read this many at a time, in id order: memory stays flat however many there are. */
export const BATCH_SIZE = 1000;

/** What an export needs to know of its form, read once before the rows. */
export interface ExportForm {
  accountId: number;
  formId: number;
  title: string;
  fields: TElement[];
  scored: boolean;
  access: AnswerAccess;
  types: readonly ExportDataType[];
}

export function describeForm(
  row: typeof forms.$inferSelect,
  access: AnswerAccess,
  types: readonly ExportDataType[],
): ExportForm {
  const { settings, fields } = readForm(row);
  return {
    accountId: row.accountId,
    formId: row.id,
    title: row.title,
    fields,
    scored: settings.type === "calculation",
    access,
    types,
  };
}

const ofForm = (form: ExportForm) =>
  and(eq(formAnswers.accountId, form.accountId), eq(formAnswers.formId, form.formId));

export async function countSubmissions(db: Db, form: ExportForm): Promise<number> {
  const [row] = await db.select({ value: count() }).from(formAnswers).where(ofForm(form));
  return row?.value ?? 0;
}

/**
 * Whether some submission holds an answer to a question the form no longer has (or, for a reader
 * of selected fields, whether such an answer is one they may see). Stops at the first one found.
 */
export async function hasArchivedAnswers(db: Db, form: ExportForm): Promise<boolean> {
  const current = JSON.stringify(form.fields.map((field) => field.id));
  const visible =
    form.access.level === "fields"
      ? sql` and jsonb_exists(${JSON.stringify([...form.access.fieldIds])}::jsonb, e->>'fieldId')`
      : sql``;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(formAnswers)
    .where(
      and(
        ofForm(form),
        sql`exists (select 1 from jsonb_array_elements(${formAnswers.answers}) e
          where not jsonb_exists(${current}::jsonb, e->>'fieldId')${visible})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The submissions of the form, oldest first, in batches; keyset over ids, never OFFSET. */
export async function* submissionBatches(db: Db, form: ExportForm): AsyncGenerator<ExportRow[]> {
  const fieldIds = new Set(form.fields.map((field) => field.id));
  const mayRead = (fieldId: string) => form.access.level !== "fields" || form.access.fieldIds.has(fieldId);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ answer: formAnswers, username: users.username })
      .from(formAnswers)
      .leftJoin(users, eq(users.id, formAnswers.userId))
      .where(and(ofForm(form), gt(formAnswers.id, after)))
      .orderBy(asc(formAnswers.id))
      .limit(BATCH_SIZE);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.answer.id;
    yield rows.map(({ answer: row, username }) => {
      const answers = new Map<string, unknown>();
      const archived: ExportRow["archived"] = [];
      for (const item of (row.answers as z.infer<typeof ZStoredAnswer>[]) ?? []) {
        if (!mayRead(item.fieldId)) continue;
        if (fieldIds.has(item.fieldId)) answers.set(item.fieldId, item.answer);
        else if (item.answer !== null && item.answer !== undefined && item.answer !== "")
          archived.push({ label: item.formulaName || item.fieldId, answer: item.answer });
      }
      const all = form.access.level === "all";
      return {
        id: row.id,
        startTime: row.startTime,
        submitTime: row.submitTime,
        formPassingTime: row.formPassingTime,
        isViewed: row.isViewed,
        username,
        answers,
        archived,
        device: (row.device as Record<string, unknown>) ?? {},
        geo: ((row as { geo?: unknown }).geo as Record<string, unknown> | null | undefined) ?? null,
        score: all ? row.score : null,
        result: all ? row.result : null,
      };
    });
  }
}
