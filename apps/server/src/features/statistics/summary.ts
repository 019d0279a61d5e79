import type { TAnswersSummary, TFieldSummary, TNpsCounts } from "@formloom/core/api/statistics";
import type { TElement } from "@formloom/core/element-schema";
import { OTHER_PREFIX, removedVariantsOf, variantsOf } from "@formloom/core/field-types/choice";
import { fileRefsOf, isUploadField, type TFileRef } from "@formloom/core/field-types/file-like";
import { stripHtml } from "@formloom/core/text";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";
import { answerText, questionTitle } from "../exports/columns.ts";
import { type Range, type ReadableForm, submissionsOf } from "./scope.ts";

const CHOICE = new Set(["radio", "select", "checkbox", "multipleChoice", "imageChoice"]);
/** Numbers summarised by min, max, mean and median. */
const NUMERIC = new Set(["number", "slider", "currency"]);
/** Whole-step scales, summarised by their distribution as well. */
const SCALE = new Set(["rate", "scoring", "nps"]);
const SAMPLES = 5;
/** How many of the latest submissions text samples are looked for in. */
const SAMPLE_WINDOW = 200;

export type SummaryKind = TFieldSummary["kind"];

export function kindOf(field: TElement): SummaryKind {
  if (field.fieldType === "nps") return "nps";
  if (SCALE.has(field.fieldType)) return "scale";
  if (NUMERIC.has(field.fieldType)) return "numeric";
  if (CHOICE.has(field.fieldType)) return "choice";
  if (field.fieldType === "matrix") return "matrix";
  if (field.fieldType === "sortable") return "ranking";
  // One box ticked or not: how many ticked it, of all who were sent it.
  if (field.fieldType === "decisionBox") return "choice";
  return "text";
}

/** Promoters score 9-10, passives 7-8, detractors 0-6; the score is their shares' difference. */
export function npsOf(counts: ReadonlyMap<number, number>): TNpsCounts {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [value, count] of counts) {
    if (value >= 9) promoters += count;
    else if (value >= 7) passives += count;
    else detractors += count;
  }
  const total = promoters + passives + detractors;
  const score = total === 0 ? null : Math.round(((promoters - detractors) / total) * 1000) / 10;
  return { total, promoters, passives, detractors, score };
}

/** An option's title as one line of text. */
const plain = (text: string) => stripHtml(text).replace(/\s+/g, " ").trim();

const percent = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1000) / 10);

interface ValueRow {
  f: string;
  /** The answer itself; null for text-like fields, which are only counted. */
  v: unknown;
  c: number;
}

/** One figure a field's answers add up to: answered, a chosen option, a matrix cell, a value. */
interface TokenRow {
  f: string;
  k: "a" | "c" | "m" | "d";
  t: string | null;
  c: number;
}

const asTokens = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === "string" && t !== "");

/**
 * Every summarised figure from one pass over the form's submissions: the answers are counted
 * grouped by field and value (few distinct values for choices, scales and grids; texts are only
 * counted), and the counts are spread over options, cells and values here.
 */
async function tokenCounts(db: Db, form: ReadableForm, range: Range): Promise<TokenRow[]> {
  const visible = JSON.stringify(form.fields.map((f) => f.id));
  // Texts are only counted; a ranking's places are counted by rankingPlaces.
  const counted = JSON.stringify(
    form.fields.filter((f) => kindOf(f) === "text" || kindOf(f) === "ranking").map((f) => f.id),
  );
  const rows = rowsOf<ValueRow>(
    await db.execute(sql`
      select e->>'fieldId' as f,
             case when jsonb_exists(${counted}::jsonb, e->>'fieldId') then null else e->'answer' end as v,
             count(*)::int as c
        from form_answers a
       cross join lateral jsonb_array_elements(a.answers) e
       where ${submissionsOf(form, range)}
         and jsonb_exists(${visible}::jsonb, e->>'fieldId')
         and e->'answer' not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
       group by 1, 2`),
  );
  const kinds = new Map(form.fields.map((f) => [f.id, kindOf(f)]));
  const tokens = new Map<string, TokenRow>();
  const add = (f: string, k: TokenRow["k"], t: string | null, c: number) => {
    const key = `${f}\u0000${k}\u0000${t}`;
    const row = tokens.get(key);
    if (row) row.c += c;
    else tokens.set(key, { f, k, t, c });
  };
  for (const { f, v, c } of rows) {
    add(f, "a", null, c);
    const kind = kinds.get(f);
    if (kind === "choice") for (const t of asTokens(v)) add(f, "c", t, c);
    else if (kind === "matrix" && v && typeof v === "object" && !Array.isArray(v)) {
      for (const [row, cells] of Object.entries(v))
        for (const t of asTokens(cells)) add(f, "m", `${row}\u001f${t}`, c);
    } else if ((kind === "numeric" || kind === "scale" || kind === "nps") && typeof v === "number") {
      add(f, "d", String(v), c);
    }
  }
  return [...tokens.values()];
}

interface Samples {
  texts: Map<string, string[]>;
  /** An upload question's files, one list per submission, beside their names in `texts`. */
  files: Map<string, TFileRef[][]>;
}

/** The latest non-empty answers of the text-like fields, newest first. */
async function textSamples(db: Db, form: ReadableForm, range: Range): Promise<Samples> {
  const textFields = form.fields.filter((f) => kindOf(f) === "text");
  const samples = new Map<string, string[]>(textFields.map((f) => [f.id, []]));
  const files = new Map<string, TFileRef[][]>(textFields.filter(isUploadField).map((f) => [f.id, []]));
  if (textFields.length === 0) return { texts: samples, files };
  const byId = new Map(textFields.map((f) => [f.id, f]));
  const rows = rowsOf<{ answers: { fieldId: string; answer: unknown }[] }>(
    await db.execute(sql`
      select a.answers from form_answers a where ${submissionsOf(form, range)}
       order by a.submit_time desc, a.id desc limit ${SAMPLE_WINDOW}`),
  );
  for (const row of rows) {
    for (const item of row.answers ?? []) {
      const field = byId.get(item.fieldId);
      const list = samples.get(item.fieldId);
      if (!field || !list || list.length >= SAMPLES) continue;
      const refs = files.get(item.fieldId) && fileRefsOf(item.answer);
      if (refs) {
        files
          .get(item.fieldId)
          ?.push(refs.map(({ url, name, size, mimeType }) => ({ url, name, size, mimeType })));
        list.push(refs.map((ref) => ref.name || ref.url).join(", "));
        continue;
      }
      const text = answerText(field, item.answer, {
        types: [],
        plainText: true,
        flavour: "table",
        scored: false,
        hasArchived: false,
        linkBase: "/",
      });
      if (text) list.push(text);
    }
  }
  return { texts: samples, files };
}

async function totalOf(db: Db, form: ReadableForm, range: Range): Promise<number> {
  if (!range.from && !range.to) {
    // The whole form: the count its triggers keep, exact without counting the rows.
    const [kept] = rowsOf<{ c: number }>(
      await db.execute(sql`select total as c from form_answer_counts
        where account_id = ${form.accountId} and form_id = ${form.formId}`),
    );
    return kept?.c ?? 0;
  }
  const [row] = rowsOf<{ c: number }>(
    await db.execute(sql`select count(*)::int as c from form_answers a where ${submissionsOf(form, range)}`),
  );
  return row?.c ?? 0;
}

/** How often each item of a ranking question was put in each place (from 1), per field. */
interface PlaceRow {
  f: string;
  t: string;
  p: number;
  c: number;
}

/** The ranking questions' places, counted in the database: one row per field, item and place. */
async function rankingPlaces(db: Db, form: ReadableForm, range: Range): Promise<PlaceRow[]> {
  const ranked = form.fields.filter((f) => kindOf(f) === "ranking").map((f) => f.id);
  if (ranked.length === 0) return [];
  return rowsOf<PlaceRow>(
    await db.execute(sql`
      select e->>'fieldId' as f, x.item as t, x.place::int as p, count(*)::int as c
        from form_answers a
       cross join lateral jsonb_array_elements(a.answers) e
       cross join lateral jsonb_array_elements_text(
               case when jsonb_typeof(e->'answer') = 'array' then e->'answer' else '[]'::jsonb end
             ) with ordinality as x(item, place)
       where ${submissionsOf(form, range)}
         and jsonb_exists(${JSON.stringify(ranked)}::jsonb, e->>'fieldId')
       group by 1, 2, 3`),
  );
}

/**
 * A ranking question's items from how often each was put in each place, the lowest average place
 * first; items never placed go last. Places run as far as answers put an item (an option removed
 * since leaves the places after it).
 */
function rankingOf(field: TElement, rows: readonly PlaceRow[]): TFieldSummary["ranking"] {
  const variants = variantsOf(field);
  const places = new Map(rows.map((row) => [`${row.t}\u001f${row.p}`, row.c]));
  const count = Math.max(variants.length, ...rows.map((row) => row.p));
  const items = variants.map((variant) => {
    const positions = Array.from(
      { length: count },
      (_, index) => places.get(`${variant.id}\u001f${index + 1}`) ?? 0,
    );
    const placed = positions.reduce((sum, count) => sum + count, 0);
    const total = positions.reduce((sum, count, index) => sum + count * (index + 1), 0);
    return {
      id: variant.id,
      title: plain(variant.title),
      averagePosition: placed === 0 ? null : Math.round((total / placed) * 100) / 100,
      positions,
    };
  });
  const rank = (average: number | null) => average ?? Number.POSITIVE_INFINITY;
  return items.sort((a, b) => rank(a.averagePosition) - rank(b.averagePosition));
}

/** Each visible question's summary over the form's submissions in the range. */
export async function answersSummary(db: Db, form: ReadableForm, range: Range): Promise<TAnswersSummary> {
  const [tokens, samples, total, places] = await Promise.all([
    tokenCounts(db, form, range),
    textSamples(db, form, range),
    totalOf(db, form, range),
    rankingPlaces(db, form, range),
  ]);
  const byField = new Map<string, TokenRow[]>();
  for (const row of tokens) byField.set(row.f, [...(byField.get(row.f) ?? []), row]);

  const fields = form.fields.map((field): TFieldSummary => {
    const rows = byField.get(field.id) ?? [];
    const answered = rows.find((r) => r.k === "a")?.c ?? 0;
    const kind = kindOf(field);
    const summary: TFieldSummary = {
      fieldId: field.id,
      fieldType: field.fieldType,
      title: questionTitle(field, true),
      kind,
      answered,
    };
    if (field.fieldType === "decisionBox") {
      summary.choices = [{ id: "yes", title: "Yes", count: answered, percent: percent(answered, total) }];
    } else if (kind === "choice") {
      const counts = new Map(rows.filter((r) => r.k === "c").map((r) => [r.t ?? "", r.c]));
      // Options removed since are counted under their last titles while answers still hold them.
      const removed = removedVariantsOf(field).filter((v) => (counts.get(v.id) ?? 0) > 0);
      const choices = [...variantsOf(field), ...removed].map((v) => ({
        id: v.id,
        title: plain(v.title),
        count: counts.get(v.id) ?? 0,
        percent: percent(counts.get(v.id) ?? 0, answered),
      }));
      const other = [...counts].filter(([id]) => id.startsWith(OTHER_PREFIX)).reduce((s, [, c]) => s + c, 0);
      if (field.fieldSettings.hasOtherVariant || other > 0) {
        choices.push({ id: "other", title: "Other", count: other, percent: percent(other, answered) });
      }
      summary.choices = choices;
    } else if (kind === "numeric") {
      const counts = new Map<number, number>();
      for (const r of rows) if (r.k === "d" && r.t !== null) counts.set(Number(r.t), r.c);
      summary.numeric = numericOf(counts);
    } else if (kind === "scale" || kind === "nps") {
      const counts = new Map<number, number>();
      for (const r of rows) if (r.k === "d" && r.t !== null) counts.set(Number(r.t), r.c);
      summary.distribution = [...counts]
        .sort(([a], [b]) => a - b)
        .map(([value, count]) => ({ value, count, percent: percent(count, answered) }));
      summary.numeric = numericOf(counts);
      if (kind === "nps") summary.nps = npsOf(counts);
    } else if (kind === "matrix") {
      const cells = new Map(rows.filter((r) => r.k === "m").map((r) => [r.t ?? "", r.c]));
      const columns = variantsOf(field).map((v) => ({ id: v.id, title: plain(v.title) }));
      summary.matrix = {
        columns,
        rows: (field.fieldSettings.questions ?? []).map((q) => ({
          id: q.id,
          title: plain(q.question),
          counts: Object.fromEntries(columns.map((c) => [c.id, cells.get(`${q.id}\u001f${c.id}`) ?? 0])),
        })),
      };
    } else if (kind === "ranking") {
      summary.ranking = rankingOf(
        field,
        places.filter((row) => row.f === field.id),
      );
    } else {
      summary.samples = samples.texts.get(field.id) ?? [];
      const files = samples.files.get(field.id);
      if (files) summary.sampleFiles = files;
    }
    return summary;
  });
  return { total, fields };
}

/** Min, max, mean and median from a distribution of values. */
function numericOf(counts: ReadonlyMap<number, number>): TFieldSummary["numeric"] {
  const sorted = [...counts].sort(([a], [b]) => a - b);
  const n = sorted.reduce((s, [, c]) => s + c, 0);
  if (n === 0) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const [value, count] of sorted) {
      seen += count;
      if (index < seen) return value;
    }
    return sorted[sorted.length - 1]![0];
  };
  const median = n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
  const mean = sorted.reduce((s, [v, c]) => s + v * c, 0) / n;
  return { min: sorted[0]![0], max: sorted[sorted.length - 1]![0], mean, median };
}
