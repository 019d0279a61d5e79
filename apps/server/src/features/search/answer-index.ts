import type { TElement } from "@formloom/core/element-schema";
import { answerToText, holdsValue } from "@formloom/core/field-registry";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { forms } from "../../db/schema.ts";
import { readForm } from "../forms/presenter.ts";

/** Submissions are indexed this many at a time, and at most this many batches per search. */
const BATCH = 500;
const MOST_BATCHES = 40;

interface PendingAnswer {
  id: number;
  form_id: number;
  answers: unknown;
  submit_time: string;
}

/**
 * Brings the account's answer index up to date before a search reads it: each submission not
 * yet indexed (form_answers.search_indexed) gets its answers as a person reads them (choice titles, not ids, through the same
 * `answerToText` the tables and exports use), one text per field, in its form's language.
 */
export async function indexNewAnswers(db: Db, accountId: number): Promise<void> {
  for (let batch = 0; batch < MOST_BATCHES; batch++) {
    const pending = rowsOf<PendingAnswer>(
      await db.execute(sql`
        select fa.id, fa.form_id, fa.answers, to_json(fa.submit_time) #>> '{}' as submit_time
        from form_answers fa
        where fa.account_id = ${accountId} and not fa.search_indexed
        order by fa.id
        limit ${BATCH}`),
    );
    if (pending.length === 0) return;
    const versions = await storeTexts(db, accountId, pending);
    // Marked by each row, not by an id reached: a submission that commits after later ones is
    // still pending, however far below them its id is. Only while its form is as it was read: a
    // save meanwhile (an option renamed) may have asked for it to be indexed again.
    await db.execute(sql`
      update form_answers fa set search_indexed = true
        from forms f
       where fa.account_id = ${accountId} and fa.id = any(${`{${pending.map((row) => Math.trunc(row.id)).join(",")}}`}::int[])
         and f.account_id = ${accountId} and f.id = fa.form_id
         and (to_json(f.updated_at) #>> '{}') = (${JSON.stringify(versions)}::jsonb ->> f.id::text)`);
    if (pending.length < BATCH) return;
  }
}

/** Stores the rows' texts; returns each form's version (updated_at, as the database writes it) read. */
async function storeTexts(
  db: Db,
  accountId: number,
  pending: readonly PendingAnswer[],
): Promise<Record<number, string>> {
  const formIds = [...new Set(pending.map((row) => row.form_id))];
  const formRows = await db
    .select({ row: forms, version: sql<string>`to_json(${forms.updatedAt}) #>> '{}'` })
    .from(forms)
    .where(and(eq(forms.accountId, accountId), inArray(forms.id, formIds)))
    .then((rows) => rows.map(({ row, version }) => ({ ...row, version })));
  const versions = Object.fromEntries(formRows.map((row) => [row.id, row.version]));
  const byId = new Map(
    formRows.map((row) => {
      const { settings, fields } = readForm(row);
      return [row.id, { language: settings.language, fields: new Map(fields.map((f) => [f.id, f])) }];
    }),
  );
  const values = pending.flatMap((row) => {
    const form = byId.get(row.form_id);
    if (!form) return [];
    const texts = readableTexts(form.fields, row.answers);
    const body = Object.values(texts).join("\n");
    return [{ ...row, answers: undefined, texts, body, language: form.language }];
  });
  if (values.length === 0) return versions;
  // One statement: the configuration follows the form's language, and the database derives the tsvector.
  await db.execute(sql`
    insert into answer_search (account_id, answer_id, form_id, submit_time, texts, body, language)
    select ${accountId}, v.id, v.form_id, v.submit_time, v.texts, v.body, search_config(v.language)
    from jsonb_to_recordset(${JSON.stringify(values)}::text::jsonb)
      as v(id int, form_id int, submit_time timestamptz, texts jsonb, body text, language text)
    on conflict (account_id, answer_id) do update
      set texts = excluded.texts, body = excluded.body, language = excluded.language`);
  return versions;
}

/**
 * Whether a save changed what the form's indexed answer texts are made from: its language, or the
 * type or settings (choice titles, matrix rows, a date's mode...) of a field that was there before
 * and holds a value. A field added has no answers indexed yet; one removed is no longer read.
 */
export function indexedTextsChanged(
  before: { fields: readonly TElement[]; language: string | undefined },
  after: { fields: readonly TElement[]; language: string | undefined },
): boolean {
  if ((before.language ?? "") !== (after.language ?? "")) return true;
  const kept = new Map(after.fields.map((field) => [field.id, field]));
  return before.fields.filter(holdsValue).some((field) => {
    const now = kept.get(field.id);
    return (
      now !== undefined &&
      (now.fieldType !== field.fieldType ||
        JSON.stringify(now.fieldSettings) !== JSON.stringify(field.fieldSettings))
    );
  });
}

/**
 * Has a form's submissions indexed again by the next search, after its author changed what their
 * texts are made from (an option renamed, the form's language): each is found by what the
 * results show now, not by what they showed when it was indexed.
 */
export async function reindexAnswers(db: Db, accountId: number, formId: number): Promise<void> {
  await db.execute(sql`
    update form_answers set search_indexed = false
    where account_id = ${accountId} and form_id = ${formId} and search_indexed`);
}

type Elements = Map<string, Parameters<typeof answerToText>[0]>;

/** Field id → the answer as one line of plain text, for the fields that hold a value. */
function readableTexts(fields: Elements, answers: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  if (!Array.isArray(answers)) return texts;
  for (const item of answers as Array<{ fieldId?: unknown; answer?: unknown }>) {
    if (typeof item.fieldId !== "string") continue;
    const element = fields.get(item.fieldId);
    if (!element || !holdsValue(element)) continue;
    // NUL cannot be stored in a text column.
    const text = tagProof(answerToText(element, item.answer).replaceAll("\u0000", "")).trim();
    if (text !== "") texts[item.fieldId] = text;
  }
  return texts;
}

/**
 * A respondent's text as the full-text parser reads it: "<" before a letter would start what it
 * takes for a markup tag, and "Uma <Six>" would be indexed and excerpted as "Uma". An invisible
 * space after the "<" keeps every word a word and the excerpt as written.
 */
function tagProof(text: string): string {
  return text.replace(/<(?=[A-Za-z!?/])/g, "<\u200b");
}
