import type { ZStoredAnswer } from "@formloom/core/api/answers";
import { ANSWER_SORT_PREFIX } from "@formloom/core/api/answers";
import type { ExportDataType, TExportQuery } from "@formloom/core/api/exports";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import type { TElement } from "@formloom/core/element-schema";
import type { AnswerAccess } from "@formloom/core/permissions";
import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { formAnswers, type forms, users } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { visibleStoredAnswer } from "../../http/policy.ts";
import { afterCursor, answerOrder, cursorValue, encodeCursor, type SortKey } from "../answers/cursor.ts";
import { filterConditions } from "../answers/filters.ts";
import { answerSortKey, SORT_COLUMNS } from "../answers/service.ts";
import { readForm, readRemovedFields } from "../forms/presenter.ts";
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
  /** The rows and their order as the results table shows them. */
  view: ExportView;
  /** The questions the table shows, in its order (a set keeps it), when it was told; null: every question. */
  questionIds: ReadonlySet<string> | null;
  /** Questions deleted since, as they last were, by id: their answers are read by them. */
  removed: ReadonlyMap<string, TElement>;
}

/** What of the results table an export follows; kept with a job to run it the same way later. */
export interface ExportView {
  filters?: TAnswerFilters;
  isViewed?: "true" | "false";
  sortBy?: string;
  order?: "asc" | "desc";
  columns?: string[];
}

/** The table's view from an export's query, without what is the export's own. */
export const viewOf = (query: TExportQuery): ExportView => ({
  ...(query.filters ? { filters: query.filters } : {}),
  ...(query.isViewed ? { isViewed: query.isViewed } : {}),
  ...(query.sortBy ? { sortBy: query.sortBy } : {}),
  ...(query.order ? { order: query.order } : {}),
  ...(query.columns ? { columns: query.columns } : {}),
});

export function describeForm(
  row: typeof forms.$inferSelect,
  access: AnswerAccess,
  types: readonly ExportDataType[],
  view: ExportView = {},
): ExportForm {
  const { settings, fields } = readForm(row);
  const known = new Set(fields.map((field) => field.id));
  if (view.columns?.some((id) => !known.has(id))) throw badRequest("answer.unknown_field");
  const form: ExportForm = {
    accountId: row.accountId,
    formId: row.id,
    title: row.title,
    fields,
    scored: settings.type === "calculation",
    access,
    types,
    view,
    questionIds: view.columns ? new Set(view.columns) : null,
    removed: new Map(readRemovedFields(row).map((field) => [field.id, field])),
  };
  // A refused order (a question unknown, or one this reader may not see) is refused before any row is written.
  orderOf(form);
  return form;
}

const ofForm = (form: ExportForm) =>
  and(eq(formAnswers.accountId, form.accountId), eq(formAnswers.formId, form.formId));

/**
 * The form's rows the table's filters and read state leave, as the results page finds them:
 * the same conditions, refused the same way (unknown field, a field this reader may not see).
 */
function chosenRows(form: ExportForm): SQL | undefined {
  const { isViewed, filters } = form.view;
  return and(
    ofForm(form),
    isViewed === undefined ? undefined : eq(formAnswers.isViewed, isViewed === "true"),
    ...filterConditions(filters, form.access, form.fields),
  );
}

export async function countSubmissions(db: Db, form: ExportForm): Promise<number> {
  const [row] = await db.select({ value: count() }).from(formAnswers).where(chosenRows(form));
  return row?.value ?? 0;
}

type Order =
  | { kind: "id" }
  | { kind: "column"; key: SortKey; order: "asc" | "desc" }
  | { kind: "answer"; key: SQL; order: "asc" | "desc" };

/** The table's order; without one, by number as submitted. Read as the results page reads it. */
function orderOf(form: ExportForm): Order {
  const { sortBy, order = "desc" } = form.view;
  if (sortBy === undefined) return { kind: "id" };
  if (sortBy.startsWith(ANSWER_SORT_PREFIX)) {
    return {
      kind: "answer",
      key: answerSortKey(sortBy.slice(ANSWER_SORT_PREFIX.length), form.access, form.fields),
      order,
    };
  }
  // Ordering by a total would hint at the answers of fields this reader may not see.
  const key = form.access.level === "fields" && sortBy === "score" ? "submitTime" : (sortBy as SortKey);
  return { kind: "column", key, order };
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

type Selected = { answer: typeof formAnswers.$inferSelect; username: string | null; key: string | null };

/**
 * The chosen submissions in the table's order, in batches. Keyset over the order's column and the
 * id, never OFFSET, except for an answer's order, whose key is no column a cursor could carry.
 */
async function* selectedBatches(db: Db, form: ExportForm): AsyncGenerator<Selected[]> {
  const where = chosenRows(form);
  const order = orderOf(form);
  const read = (condition: SQL | undefined, key: SQL<string | null>) =>
    db
      .select({ answer: formAnswers, username: users.username, key })
      .from(formAnswers)
      .leftJoin(users, eq(users.id, formAnswers.userId))
      .where(and(where, condition));
  if (order.kind === "id") {
    let after = 0;
    for (;;) {
      const rows = await read(gt(formAnswers.id, after), sql<null>`null`)
        .orderBy(asc(formAnswers.id))
        .limit(BATCH_SIZE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.answer.id;
      yield rows;
    }
  }
  const direction = order.order === "asc" ? asc : desc;
  if (order.kind === "answer") {
    for (let offset = 0; ; offset += BATCH_SIZE) {
      const rows = await read(undefined, sql<null>`null`)
        .orderBy(...answerOrder(order.key, order.order), direction(formAnswers.id))
        .limit(BATCH_SIZE)
        .offset(offset);
      if (rows.length === 0) return;
      yield rows;
    }
  }
  let cursor: string | undefined;
  for (;;) {
    const rows = await read(
      cursor === undefined ? undefined : afterCursor(cursor, order.key, order.order),
      cursorValue(order.key),
    )
      .orderBy(direction(SORT_COLUMNS[order.key]), direction(formAnswers.id))
      .limit(BATCH_SIZE);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    cursor = encodeCursor(order.key, order.order, last.key, last.answer.id);
    yield rows;
  }
}

/** The chosen submissions as an export reads them, each cut to what this reader may read. */
export async function* submissionBatches(db: Db, form: ExportForm): AsyncGenerator<ExportRow[]> {
  const fieldIds = new Set(form.fields.map((field) => field.id));
  const mayRead = (fieldId: string) => form.access.level !== "fields" || form.access.fieldIds.has(fieldId);
  for await (const rows of selectedBatches(db, form)) {
    yield rows.map(({ answer: stored, username }) => {
      // The policy's cut, as webhooks and e-mails make it: answers, totals and points.
      const row = visibleStoredAnswer(stored, form.access);
      const answers = new Map<string, unknown>();
      const archived: ExportRow["archived"] = [];
      for (const item of (row.answers as z.infer<typeof ZStoredAnswer>[]) ?? []) {
        if (!mayRead(item.fieldId)) continue;
        if (fieldIds.has(item.fieldId)) answers.set(item.fieldId, item.answer);
        else if (item.answer !== null && item.answer !== undefined && item.answer !== "")
          archived.push({
            label: item.formulaName || item.fieldId,
            answer: item.answer,
            element: form.removed.get(item.fieldId),
          });
      }
      const all = form.access.level === "all";
      return {
        number: row.number,
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
        tags: row.tags ?? [],
        fieldScores: numbersById(row.fieldScores),
        fieldComments: Object.fromEntries(
          Object.entries(textsById(row.fieldComments)).filter(([fieldId]) => mayRead(fieldId)),
        ),
      };
    });
  }
}

function numbersById(value: unknown): Record<string, number> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
  );
}

function textsById(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
