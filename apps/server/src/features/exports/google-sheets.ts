import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/connect.ts";
import type { Cell, ExportColumn } from "./columns.ts";
import { accessTokenFor, type GoogleAccess, GoogleTokenMissing } from "./google-account.ts";
import type { ExportForm } from "./source.ts";
import { isoLocal, sheetName, tableRows, type WriteOptions } from "./writers.ts";

/** One append request carries at most about this much JSON; a batch of long answers is split. */
const REQUEST_MAX_BYTES = 2 * 1024 * 1024;
/** Google answers 429 past its per-minute quota, and now and then a 5xx: tried again this often. */
const MAX_TRIES = 6;

/** A cell as Sheets takes it: the CSV export's value (dates as its text), an empty cell as "". */
const sheetCell = (cell: Cell): string | number =>
  cell === null ? "" : cell instanceof Date ? isoLocal(cell) : cell;

/**
 * A call to the Sheets REST API as the user: a refused token is renewed once, then the user
 * must connect again (GoogleTokenMissing); quota and server errors wait and try again.
 */
async function sheetsCall<T>(access: GoogleAccess, userId: number, path: string, body: unknown): Promise<T> {
  let renew = false;
  let renewed = false;
  for (let attempt = 1; ; attempt++) {
    const token = await accessTokenFor(access, userId, renew);
    renew = false;
    const response = await fetch(`${access.google.sheetsApiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    if (response.ok) return (await response.json()) as T;
    await response.body?.cancel();
    if (response.status === 401) {
      if (renewed) throw new GoogleTokenMissing();
      renewed = renew = true;
      continue;
    }
    const retry = response.status === 429 || response.status >= 500;
    if (!retry || attempt >= MAX_TRIES) throw new Error(`Google Sheets answered ${response.status}`);
    const header = response.headers.get("retry-after");
    const after = header === null ? Number.NaN : Number(header);
    await sleep(Number.isFinite(after) && after >= 0 ? after * 1000 : 1000 * 2 ** attempt);
  }
}

interface Created {
  spreadsheetId: string;
  spreadsheetUrl: string;
  sheets?: { properties?: { title?: string } }[];
}

const quoted = (title: string) => `'${title.replace(/'/g, "''")}'`;

/**
 * Writes the export's table into a new spreadsheet of the user's: the same header and cells as
 * the CSV file (columns.ts and writers.ts make both), appended a batch at a time as raw values,
 * so nothing a respondent typed runs as a formula. Returns the spreadsheet's address.
 */
export async function writeGoogleSheet(
  access: GoogleAccess,
  userId: number,
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions & { spreadsheetTitle: string },
): Promise<string> {
  const created = await sheetsCall<Created>(access, userId, "/v4/spreadsheets", {
    properties: { title: options.spreadsheetTitle },
    sheets: [
      {
        properties: {
          title: sheetName(options.tableName),
          gridProperties: { frozenRowCount: 1, columnCount: Math.max(columns.length, 1) },
        },
      },
    ],
  });
  const title = created.sheets?.[0]?.properties?.title ?? sheetName(options.tableName);
  const path = `/v4/spreadsheets/${encodeURIComponent(created.spreadsheetId)}/values/${encodeURIComponent(
    `${quoted(title)}!A1`,
  )}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`;
  const append = (values: (string | number)[][]) =>
    values.length === 0 ? Promise.resolve() : sheetsCall(access, userId, path, { values });

  // Appended RAW: Sheets stores each text as a text and runs none as a formula, so texts go as typed.
  await append([columns.map((column) => column.header)]);
  for await (const rows of tableRows(db, form, columns, { ...options, typedCells: true })) {
    let chunk: (string | number)[][] = [];
    let bytes = 0;
    for (const row of rows) {
      const cells = row.map(sheetCell);
      const size = JSON.stringify(cells).length;
      if (bytes + size > REQUEST_MAX_BYTES && chunk.length > 0) {
        await append(chunk);
        chunk = [];
        bytes = 0;
      }
      chunk.push(cells);
      bytes += size;
    }
    await append(chunk);
  }
  return created.spreadsheetUrl;
}
