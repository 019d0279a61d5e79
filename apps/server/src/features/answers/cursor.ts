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

interface PositionCursor {
  s: string;
  o: "asc" | "desc";
  n: number;
}

/**
 * Where the next page sorted by an answer starts: its key is a whole answer, too long to carry,
 * so the cursor carries the position of the next row in that order.
 */
export function encodePositionCursor(sortBy: string, order: "asc" | "desc", position: number): string {
  return Buffer.from(JSON.stringify({ s: sortBy, o: order, n: position } satisfies PositionCursor)).toString(
    "base64url",
  );
}

/** The position a cursor of `encodePositionCursor` leads to, for the same sort and order only. */
export function positionAfter(text: string, sortBy: string, order: "asc" | "desc"): number {
  let cursor: PositionCursor | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as PositionCursor;
  } catch {
    // Not a cursor this server made.
  }
  if (
    !cursor ||
    cursor.s !== sortBy ||
    cursor.o !== order ||
    !Number.isInteger(cursor.n) ||
    cursor.n < 0 ||
    cursor.n > MAX_POSITION
  )
    throw badRequest("request.invalid");
  return cursor.n;
}
