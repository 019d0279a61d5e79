import { isStorableText } from "@formloom/core/text";
import { type SQL, sql } from "drizzle-orm";
import { badRequest } from "../../http/errors.ts";

export type SortKey = "id" | "number" | "submitTime" | "formPassingTime" | "isViewed" | "score";

const BOOLEAN = sql`boolean`;

/** Each sort key's column and SQL type; the value is carried as the database prints it, exactly. */
const COLUMNS: Record<SortKey, { column: SQL; type: SQL; nullable: boolean }> = {
  id: { column: sql`"form_answers"."id"`, type: sql`int`, nullable: false },
  number: { column: sql`"form_answers"."number"`, type: sql`int`, nullable: true },
  submitTime: { column: sql`"form_answers"."submit_time"`, type: sql`timestamptz`, nullable: false },
  formPassingTime: { column: sql`"form_answers"."form_passing_time"`, type: sql`int`, nullable: true },
  isViewed: { column: sql`"form_answers"."is_viewed"`, type: BOOLEAN, nullable: false },
  score: { column: sql`"form_answers"."score"`, type: sql`float8`, nullable: true },
};

interface Cursor {
  s: SortKey;
  o: "asc" | "desc";
  v: string | null;
  id: number;
}

/** The sort key's value as text, selected with a page's rows to make the next cursor from. */
export const cursorValue = (sortBy: SortKey) => sql<string | null>`${COLUMNS[sortBy].column}::text`;

export function encodeCursor(
  sortBy: SortKey,
  order: "asc" | "desc",
  value: string | null,
  id: number,
): string {
  return Buffer.from(JSON.stringify({ s: sortBy, o: order, v: value, id } satisfies Cursor)).toString(
    "base64url",
  );
}

function decode(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Cursor;
    if (
      cursor &&
      typeof cursor.id === "number" &&
      Number.isInteger(cursor.id) &&
      (cursor.v === null || (typeof cursor.v === "string" && cursor.v.length <= 64)) &&
      Object.hasOwn(COLUMNS, cursor.s) &&
      (cursor.o === "asc" || cursor.o === "desc")
    ) {
      return cursor;
    }
  } catch {
    // Not a cursor this server made.
  }
  throw badRequest("request.invalid");
}

/**
 * The rows after the cursor in the page's order: ascending puts empty values last, descending
 * first, as PostgreSQL sorts them, so a nullable key needs the empty rows said out loud.
 */
export function afterCursor(text: string, sortBy: SortKey, order: "asc" | "desc"): SQL {
  const cursor = decode(text);
  if (cursor.s !== sortBy || cursor.o !== order) throw badRequest("request.invalid");
  const { column, type, nullable } = COLUMNS[sortBy];
  const id = sql`"form_answers"."id"`;
  const after = order === "asc" ? sql`>` : sql`<`;
  if (cursor.v === null) {
    if (!nullable) throw badRequest("request.invalid");
    return order === "asc"
      ? sql`(${column} is null and ${id} > ${cursor.id})`
      : sql`((${column} is null and ${id} < ${cursor.id}) or ${column} is not null)`;
  }
  // A boolean's text is checked here: PGlite's driver throws on any other before the database could refuse it.
  if (type === BOOLEAN && cursor.v !== "true" && cursor.v !== "false") throw badRequest("request.invalid");
  const value = sql`${cursor.v}::${type}`;
  const rest = sql`(${column}, ${id}) ${after} (${value}, ${cursor.id})`;
  return nullable && order === "asc" ? sql`(${rest} or ${column} is null)` : rest;
}

/** How far a cursor of an answer's sort may lead: no results page lies deeper. */
const MAX_POSITION = 1_000_000_000;
/** The longest sort value (an answer's JSON text) a cursor carries; a longer one is looked up. */
const MAX_CARRIED_KEY = 256;

interface AnswerCursor {
  s: string;
  o: "asc" | "desc";
  /** The last row read. */
  id: number;
  /** Its answer as JSON text, null when it had none; left out when too long to carry. */
  v?: string | null;
  /** The position of the next row: where to go on if that row is gone and its answer was not carried. */
  n: number;
}

/**
 * Where the next page sorted by an answer starts: after the last row read, by its answer (carried
 * when short, else looked up by its id) and its id, so rows sent or deleted meanwhile move nothing.
 */
export function encodeAnswerCursor(
  sortBy: string,
  order: "asc" | "desc",
  last: { id: number; key: string | null },
  position: number,
): string {
  const carried = last.key === null || last.key.length <= MAX_CARRIED_KEY ? { v: last.key } : {};
  return Buffer.from(
    JSON.stringify({ s: sortBy, o: order, id: last.id, ...carried, n: position } satisfies AnswerCursor),
  ).toString("base64url");
}

/** A cursor of `encodeAnswerCursor`, for the same sort and order only. */
export function readAnswerCursor(text: string, sortBy: string, order: "asc" | "desc"): AnswerCursor {
  let cursor: AnswerCursor | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as AnswerCursor;
  } catch {
    // Not a cursor this server made.
  }
  if (
    !cursor ||
    cursor.s !== sortBy ||
    cursor.o !== order ||
    !Number.isInteger(cursor.id) ||
    cursor.id < 1 ||
    cursor.id > MAX_INT ||
    !Number.isInteger(cursor.n) ||
    cursor.n < 0 ||
    cursor.n > MAX_POSITION ||
    !(
      cursor.v === undefined ||
      cursor.v === null ||
      (typeof cursor.v === "string" &&
        cursor.v.length <= MAX_CARRIED_KEY &&
        isJson(cursor.v) &&
        // What jsonb cannot hold (\u0000, half a surrogate) was never a stored answer.
        !/\\u0000/i.test(cursor.v) &&
        isStorableText(cursor.v))
    )
  )
    throw badRequest("request.invalid");
  return cursor;
}

const MAX_INT = 2_147_483_647;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A text answer as people sort words: by the Unicode collation's root order, so accents and cases
 * sit beside their letters (Émile before Zoë) and Cyrillic letters in their alphabets' order.
 * Deterministic (equal only when the same text), as the cursor's ties need. Null for other answers.
 */
const textOf = (expression: SQL) =>
  sql`(case when jsonb_typeof(${expression}) = 'string' then ${expression} #>> '{}' end) collate "und-x-icu"`;

/**
 * The order of rows by an answer (`expression`, as JSON): texts by `textOf`, then other answers
 * in JSON's order (numbers by value), empty answers last either way.
 */
export function answerOrder(expression: SQL, order: "asc" | "desc"): SQL[] {
  const way = order === "asc" ? sql`asc nulls last` : sql`desc nulls last`;
  return [sql`${textOf(expression)} ${way}`, sql`${expression} ${way}`];
}

/**
 * The rows after the last one read in `answerOrder` (then by id): `key` is that row's answer as
 * JSON text, null when it had none.
 */
export function afterAnswer(expression: SQL, order: "asc" | "desc", key: string | null, id: number): SQL {
  const row = sql`"form_answers"."id"`;
  const after = order === "asc" ? sql`>` : sql`<`;
  if (key === null) return sql`(${expression} is null and ${row} ${after} ${id})`;
  const value = sql`${key}::jsonb`;
  const text = textOf(expression);
  if (typeof JSON.parse(key) === "string") {
    const said = textOf(value);
    return sql`(${text} ${after} ${said} or (${text} = ${said} and ${row} ${after} ${id}) or ${text} is null)`;
  }
  return sql`(${text} is null and (${expression} ${after} ${value} or (${expression} = ${value} and ${row} ${after} ${id}) or ${expression} is null))`;
}
