import { type SQL, sql } from "drizzle-orm";
import { badRequest } from "../../http/errors.ts";

export type SortKey = "id" | "number" | "submitTime" | "formPassingTime" | "isViewed" | "score";

/** Each sort key's column and SQL type; the value is carried as the database prints it, exactly. */
const COLUMNS: Record<SortKey, { column: SQL; type: SQL; nullable: boolean }> = {
  id: { column: sql`"form_answers"."id"`, type: sql`int`, nullable: false },
  number: { column: sql`"form_answers"."number"`, type: sql`int`, nullable: true },
  submitTime: { column: sql`"form_answers"."submit_time"`, type: sql`timestamptz`, nullable: false },
  formPassingTime: { column: sql`"form_answers"."form_passing_time"`, type: sql`int`, nullable: true },
  isViewed: { column: sql`"form_answers"."is_viewed"`, type: sql`boolean`, nullable: false },
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
  const value = sql`${cursor.v}::${type}`;
  const rest = sql`(${column}, ${id}) ${after} (${value}, ${cursor.id})`;
  return nullable && order === "asc" ? sql`(${rest} or ${column} is null)` : rest;
}
