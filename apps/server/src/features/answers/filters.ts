import { NPS_GROUP_BOUNDS, type TAnswerFilters } from "@formloom/core/api/results-table";
import type { FieldType } from "@formloom/core/element-schema";
import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import { answerFromDayText } from "@formloom/core/field-types/date-time";
import type { AnswerAccess } from "@formloom/core/permissions";
import { OPTION_TYPES } from "@formloom/core/public-form";
import { type SQL, sql } from "drizzle-orm";
import { badRequest, forbidden } from "../../http/errors.ts";

/** A LIKE pattern that finds the text as it is, its %, _ and \ included. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The columns the filters read: a submission's (form_answers), or a partial response's
 * (form_partials: its answers and when it was last saved; no number, score, outcome or tags, so a
 * filter on those matches none of them).
 */
export interface FilteredRows {
  answers: SQL;
  submitTime: SQL;
  number: SQL | null;
  score: SQL | null;
  result: SQL | null;
  tags: SQL | null;
}

export const SUBMISSION_ROWS: FilteredRows = {
  answers: sql`"form_answers"."answers"`,
  submitTime: sql`"form_answers"."submit_time"`,
  number: sql`"form_answers"."number"`,
  score: sql`"form_answers"."score"`,
  result: sql`"form_answers"."result"`,
  tags: sql`"form_answers"."tags"`,
};

export const PARTIAL_ROWS: FilteredRows = {
  answers: sql`"form_partials"."answers"`,
  submitTime: sql`"form_partials"."updated_at"`,
  number: null,
  score: null,
  result: null,
  tags: null,
};

/** A condition on a column the rows may not have: none of them matches it. */
const onColumn = (column: SQL | null, condition: (column: SQL) => SQL) =>
  column ? condition(column) : sql`false`;

/**
 * A string literal of a JSON path. NUL and unpaired surrogates, which PostgreSQL refuses in a path
 * and never stores in an answer, become U+FFFD: such a value matches nothing instead of failing.
 */
const pathString = (text: string) =>
  JSON.stringify(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is replaced
    text.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

/** One answer of the field, as the elements of the answers array are stored: {fieldId, answer}. */
const anyAnswer = (answers: SQL, fieldId: string, condition: SQL) =>
  sql`exists (select 1 from jsonb_array_elements(${answers}) as fa(e) where fa.e->>'fieldId' = ${fieldId} and ${condition})`;

/** What the filters read of the form's fields: their types, and the titles of their options. */
export interface FilteredField {
  id: string;
  fieldType: string;
  fieldSettings?: {
    answerVariants?: ReadonlyArray<{ id: string; title: string }>;
    removedVariants?: ReadonlyArray<{ id: string; title: string }>;
    /** A matching-pairs question's right-hand items: its answer maps its options' ids to these. */
    matches?: ReadonlyArray<{ id: string; title: string }>;
    /** A matrix's rows: its answer maps their ids to the chosen columns. */
    questions?: ReadonlyArray<{ id: string; question: string }>;
  } | null;
}

/** A number as a filter's value may be typed: 12, -3, 4.5. */
const NUMBER_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/** More options whose titles hold a searched text than any form has; the search stays one short path. */
const MAX_TITLED_OPTIONS = 200;

/**
 * A choice is stored as its option's id, and the reader sees, and searches by, its title: the
 * answers holding an option whose title holds `text` (one choice, several, or a matrix row's), or
 * rating a matrix row whose title holds it.
 */
function choiceTitled(
  answers: SQL,
  fields: readonly FilteredField[],
  text: string,
  shown: ReadonlySet<string> | null,
): SQL | undefined {
  const wanted = text.trim().toLocaleLowerCase();
  const titled = (options: ReadonlyArray<{ id: string; title: string }> | undefined) =>
    (options ?? []).filter((option) => option.title.toLocaleLowerCase().includes(wanted));
  const matches = fields
    .filter((field) => !shown || shown.has(field.id))
    .flatMap((field) => {
      const settings = field.fieldSettings;
      const options = titled([...(settings?.answerVariants ?? []), ...(settings?.removedVariants ?? [])]);
      // A matching pair is stored as {option id: match id}: the option is a key, the match a value.
      const keyed = field.fieldType === "correspondence";
      return [
        ...options.map((option) => ({ fieldId: field.id, optionId: option.id, keyed })),
        ...titled(settings?.matches).map((match) => ({
          fieldId: field.id,
          optionId: match.id,
          keyed: false,
        })),
        // A matrix's cell shows each rated row's title beside its choice: the row is a key.
        ...titled(settings?.questions?.map((row) => ({ id: row.id, title: row.question }))).map((row) => ({
          fieldId: field.id,
          optionId: row.id,
          keyed: true,
        })),
      ];
    })
    .slice(0, MAX_TITLED_OPTIONS);
  if (wanted === "" || matches.length === 0) return undefined;
  const each = matches.map(({ fieldId, optionId, keyed }) => {
    const option = pathString(optionId);
    // A key counts when it holds a choice: a matrix row rated with none is not shown as rated.
    const holds = keyed
      ? `exists(@.answer.${option}[*] ? (@ != ""))`
      : `(@.answer == ${option} || @.answer.* == ${option})`;
    return `(@.fieldId == ${pathString(fieldId)} && ${holds})`;
  });
  return sql`${answers} @? ${`$[*] ? (${each.join(" || ")})`}::jsonpath`;
}

/**
 * A matrix cell as the table writes it, "Row: Choice": the answers rating a row whose title holds
 * the first part with a choice whose title holds the second.
 */
function matrixCell(answers: SQL, field: FilteredField | undefined, text: string): SQL | undefined {
  if (field?.fieldType !== "matrix" || !text.includes(":")) return undefined;
  const settings = field.fieldSettings;
  const lower = (words: string) => words.trim().toLocaleLowerCase();
  const choices = [...(settings?.answerVariants ?? []), ...(settings?.removedVariants ?? [])];
  // A row's own title may hold a colon ("Q1: Service"): each colon may be the one between.
  const cells = new Set<string>();
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", colon + 1)) {
    const [row, choice] = [lower(text.slice(0, colon)), lower(text.slice(colon + 1))];
    if (row === "" || choice === "") continue;
    for (const r of settings?.questions ?? []) {
      if (!r.question.toLocaleLowerCase().includes(row)) continue;
      for (const c of choices) {
        if (c.title.toLocaleLowerCase().includes(choice))
          cells.add(`@.answer.${pathString(r.id)} == ${pathString(c.id)}`);
      }
    }
  }
  if (cells.size === 0) return undefined;
  const path = `$[*] ? (@.fieldId == ${pathString(field.id)} && (${[...cells].slice(0, MAX_TITLED_OPTIONS).join(" || ")}))`;
  return sql`${answers} @? ${path}::jsonpath`;
}

/**
 * A day as the table writes it (05.03.2024, 5.3.2024 09:30, 03.2024) as a date question stores
 * it (2024-03-05, 2024-03-05T09:30, 2024-03); null for any other text.
 */
function storedDateText(text: string): string | null {
  const typed = text.trim();
  for (const mode of ["date", "datetime"] as const) {
    const stored = answerFromDayText(typed, mode);
    if (stored !== typed) return stored;
  }
  const month = /^(\d{1,2})[./-](\d{4})$/.exec(typed);
  return month ? `${month[2]}-${(month[1] ?? "").padStart(2, "0")}` : null;
}

/**
 * The conditions of the results table's filters on form_answers, or on form_partials for its
 * partial responses. A reader limited to selected fields may filter and search only by those, so
 * no row is found by what they may not see.
 */
export function filterConditions(
  filters: TAnswerFilters | undefined,
  access: AnswerAccess,
  fields: readonly FilteredField[],
  rows: FilteredRows = SUBMISSION_ROWS,
): SQL[] {
  if (!filters) return [];
  const knownFields = new Map(fields.map((field) => [field.id, field.fieldType]));
  const { answers } = rows;
  const shown = access.level === "fields" ? access.fieldIds : null;
  const conditions: SQL[] = [];
  for (const filter of filters.fields ?? []) {
    if (!knownFields.has(filter.fieldId)) throw badRequest("answer.unknown_field");
    if (shown && !shown.has(filter.fieldId)) throw forbidden("not_allowed");
    if (filter.op === "equals" && filter.value === OTHER_PREFIX) {
      // A choice's Other, as a value, is met by whatever the respondent wrote there. Checked row
      // by row, as "contains" is: the index cannot answer a prefix, and would find every row
      // that has the field only to have each one checked again.
      conditions.push(
        anyAnswer(
          answers,
          filter.fieldId,
          sql`(case jsonb_typeof(fa.e->'answer')
            when 'string' then fa.e->>'answer' like ${`${OTHER_PREFIX}%`}
            when 'array' then exists (select 1 from jsonb_array_elements_text(fa.e->'answer') o(v) where o.v like ${`${OTHER_PREFIX}%`})
            else false end)`,
        ),
      );
    } else if (filter.op === "equals") {
      // One path the answers' GIN index answers: in lax mode the comparison looks into a list, so
      // a one-choice answer equal to the value and a several-choice answer holding it both match
      // (two containments OR-ed made PostgreSQL recheck nearly every row of the form).
      // A number is stored as one, and a matrix answer holds its rows' choices: the value typed
      // matches those too, as the reader sees them.
      const value = pathString(filter.value);
      const alike = [`@.answer == ${value}`];
      if (NUMBER_TEXT.test(filter.value)) alike.push(`@.answer == ${Number(filter.value)}`);
      if (knownFields.get(filter.fieldId) === "matrix") alike.push(`@.answer.* == ${value}`);
      const path = `$[*] ? (@.fieldId == ${pathString(filter.fieldId)} && (${alike.join(" || ")}))`;
      conditions.push(sql`${answers} @? ${path}::jsonpath`);
    } else if (filter.op === "contains") {
      const field = fields.filter((known) => known.id === filter.fieldId);
      // Checked row by row, as the page's order index is walked: a GIN "has this field"
      // containment would look selective to the planner (it has no statistics for it) while it
      // matches nearly every row, and turn a 50-row page into sorting the whole form.
      const stored = knownFields.get(filter.fieldId) === "dateTime" ? storedDateText(filter.value) : null;
      const answerText = sql`(case jsonb_typeof(fa.e->'answer') when 'string' then fa.e->>'answer' else (fa.e->'answer')::text end)`;
      // A day typed as the table shows it is looked for as it is stored too.
      const typed = anyAnswer(
        answers,
        filter.fieldId,
        stored
          ? sql`(${answerText} ilike ${containing(filter.value)} or ${answerText} ilike ${containing(stored)})`
          : sql`${answerText} ilike ${containing(filter.value)}`,
      );
      // A choice holds its option's id: its title, which the reader sees, is looked in too, and
      // a matrix cell as "Row: Choice".
      const titled = [
        choiceTitled(answers, field, filter.value, null),
        matrixCell(answers, field[0], filter.value),
      ].filter((condition): condition is SQL => condition !== undefined);
      conditions.push(titled.length > 0 ? sql`(${sql.join([typed, ...titled], sql` or `)})` : typed);
    } else if (filter.op === "nps") {
      // Only an NPS question has the groups; its answers are stored as numbers 0-10, which the
      // answers' GIN index finds by one path as it does an equal choice.
      if (knownFields.get(filter.fieldId) !== "nps") throw badRequest("request.invalid");
      const [low, high] = NPS_GROUP_BOUNDS[filter.group];
      const path = `$[*] ? (@.fieldId == ${pathString(filter.fieldId)} && @.answer >= ${low} && @.answer <= ${high})`;
      conditions.push(sql`${answers} @? ${path}::jsonpath`);
    } else if (filter.op === "dates") {
      // Only a date question's answers are days; stored YYYY-MM-DD, with THH:mm after it in its
      // date-and-time mode, they compare as text, and by the day alone.
      if (knownFields.get(filter.fieldId) !== "dateTime") throw badRequest("request.invalid");
      if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
        throw badRequest("request.invalid");
      if (filter.from === undefined && filter.to === undefined) continue;
      const day = sql`(case when jsonb_typeof(fa.e->'answer') = 'string' and fa.e->>'answer' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(fa.e->>'answer', 10) collate "C" end)`;
      const bounds = [
        filter.from === undefined ? undefined : sql`${day} >= ${filter.from}`,
        filter.to === undefined ? undefined : sql`${day} <= ${filter.to}`,
      ].filter((c): c is SQL => c !== undefined);
      conditions.push(anyAnswer(answers, filter.fieldId, sql.join(bounds, sql` and `)));
    } else {
      if (filter.min === undefined && filter.max === undefined) continue;
      if (filter.min !== undefined && filter.max !== undefined && filter.min > filter.max)
        throw badRequest("request.invalid");
      const value = sql`(case when jsonb_typeof(fa.e->'answer') = 'number' then (fa.e->>'answer')::numeric
        when jsonb_typeof(fa.e->'answer') = 'string' and fa.e->>'answer' ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(fa.e->>'answer')::numeric end)`;
      const bounds = [
        filter.min === undefined ? undefined : sql`${value} >= ${String(filter.min)}::numeric`,
        filter.max === undefined ? undefined : sql`${value} <= ${String(filter.max)}::numeric`,
      ].filter((c): c is SQL => c !== undefined);
      conditions.push(anyAnswer(answers, filter.fieldId, sql.join(bounds, sql` and `)));
    }
  }
  if (filters.scoreMin !== undefined || filters.scoreMax !== undefined || filters.result !== undefined) {
    // Totals and outcomes depend on fields a limited reader does not see.
    if (shown) throw forbidden("not_allowed");
  }
  if (filters.scoreMin !== undefined)
    conditions.push(onColumn(rows.score, (score) => sql`${score} >= ${filters.scoreMin}`));
  if (filters.scoreMax !== undefined)
    conditions.push(onColumn(rows.score, (score) => sql`${score} <= ${filters.scoreMax}`));
  if (filters.result !== undefined) {
    const wanted =
      filters.result === "passed"
        ? { passed: true }
        : filters.result === "failed"
          ? { passed: false }
          : { gradationId: filters.result };
    conditions.push(onColumn(rows.result, (result) => sql`${result} @> ${JSON.stringify(wanted)}::jsonb`));
  }
  if (filters.tags) {
    const wanted = toTextArray(filters.tags);
    conditions.push(onColumn(rows.tags, (tags) => sql`${tags} && ${wanted}`));
  }
  if (filters.dateFrom)
    conditions.push(sql`${rows.submitTime} >= ${dayStart(filters.dateFrom)}::timestamptz`);
  if (filters.dateTo) {
    // A day names all of it: up to the next day's start.
    const end =
      filters.dateTo.length === 10
        ? sql`(${filters.dateTo}::date + 1)::timestamptz`
        : sql`${filters.dateTo}::timestamptz`;
    conditions.push(
      filters.dateTo.length === 10 ? sql`${rows.submitTime} < ${end}` : sql`${rows.submitTime} <= ${end}`,
    );
  }
  if (filters.search) {
    const visible = shown
      ? sql` and fa.e->>'fieldId' in (select jsonb_array_elements_text(${JSON.stringify([...shown])}::jsonb))`
      : sql``;
    // An answer of options holds their ids, which the reader never sees: of those, only Other's
    // own text is looked in; the titles are, below.
    const options = JSON.stringify(
      fields.filter((f) => OPTION_TYPES.has(f.fieldType as FieldType)).map((f) => f.id),
    );
    const ofOptions = sql`fa.e->>'fieldId' in (select jsonb_array_elements_text(${options}::jsonb))`;
    const wanted = searchedTexts(filters.search).map(containing);
    const matches = (value: SQL) =>
      sql.join(
        wanted.map((text) => sql`${value} ilike ${text}`),
        sql` or `,
      );
    const asTyped = sql`(exists (select 1 from jsonb_array_elements(${answers}) as fa(e) where not ${ofOptions} and (${matches(sql`(case jsonb_typeof(fa.e->'answer') when 'string' then fa.e->>'answer' else (fa.e->'answer')::text end)`)})${visible})
      or exists (select 1 from jsonb_array_elements(${answers}) as fa(e), jsonb_array_elements_text(case jsonb_typeof(fa.e->'answer') when 'array' then fa.e->'answer' when 'string' then jsonb_build_array(fa.e->'answer') else '[]'::jsonb end) as o(v)
        where ${ofOptions} and o.v like ${`${OTHER_PREFIX}%`} and (${matches(sql`substr(o.v, ${OTHER_PREFIX.length + 1})`)})${visible}))`;
    const asChosen = choiceTitled(answers, fields, filters.search, shown);
    const inAnswers = asChosen ? sql`(${asTyped} or ${asChosen})` : asTyped;
    // "#12" is how the table names a submission: it finds that one by its number in the form too.
    const byNumber = /^#(\d{1,9})$/.exec(filters.search.trim());
    conditions.push(
      byNumber && rows.number ? sql`(${inAnswers} or ${rows.number} = ${Number(byNumber[1])})` : inAnswers,
    );
  }
  return conditions;
}

/**
 * The texts a search looks for: as typed, and a day written as the table shows it (30.11.2026)
 * also as it is stored (2026-11-30).
 */
function searchedTexts(search: string): string[] {
  // Written as the table writes days in the reader's language: 30.11.2026, 30-11-2026, 30/11/2026.
  const day = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(search.trim());
  if (!day) return [search];
  const [, d, m, y] = day;
  return [search, `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`];
}

const dayStart = (value: string) => (value.length === 10 ? `${value}T00:00:00Z` : value);

/** A text[] parameter that both PostgreSQL and PGlite take. */
const toTextArray = (values: string[]) =>
  sql`(select coalesce(array_agg(v), '{}') from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as t(v))`;

/** Whether any condition beyond the kept counts' (all, read, unread) applies. */
export const hasFilters = (filters: TAnswerFilters | undefined) =>
  !!filters &&
  Object.values(filters).some(
    (value) => value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
