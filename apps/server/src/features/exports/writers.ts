import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ExportFormat } from "@formloom/core/api/exports";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/connect.ts";
import { wallClock } from "../../zone-clock.ts";
import { type Cell, type ExportColumn, exportColumns } from "./columns.ts";
import {
  SavCaseEncoder,
  type SavValue,
  type SavVariable,
  savDictionary,
  spssNames,
  spssSeconds,
  stringWidth,
} from "./sav-writer.ts";
import { type ExportForm, hasArchivedAnswers, submissionBatches } from "./source.ts";

export interface WriteOptions {
  format: ExportFormat;
  plainText: boolean;
  /** The sheet's name (and the SPSS file's label). */
  tableName: string;
  linkBase: string;
  fileLink?: ((url: string) => string) | undefined;
  /** The reader's time zone: dates are written as its wall-clock time. */
  timeZone: string;
  /** Called after each batch with the number of submissions written so far. */
  onProgress?: (done: number) => Promise<void> | void;
  /** Cells written with their types whatever the format (Google Sheets' RAW values): texts as typed. */
  typedCells?: boolean;
}

/** BIFF8 sheets end at row 65,536; one row is the header. */
export const XLS_MAX_ROWS = 65_535;
/** Spreadsheet cells hold at most this many characters. */
const CELL_MAX_CHARS = 32_767;

/**
 * A text a spreadsheet would run as a formula (or a CSV reader would) is neutralised with a
 * leading quote: = + - @ tab and carriage return start formulas in Excel and LibreOffice.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * CSV texts written in quotes besides those the format needs: one holding the separator of
 * another locale (a semicolon-locale Excel splits `;=1+1` into a cell that runs `=1+1`), and one
 * whose formula character hides behind blanks, which a reader that trims cells would run.
 */
const CSV_QUOTED = /[,;\t]|^\s+[=+\-@]/;

/** How CSV (and Google Sheets) write a date: the reader's wall-clock time, to the second. */
export const isoLocal = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** Formats whose cells have types: a text cell is never run as a formula, so it is kept as typed. */
const TYPED_CELLS: ReadonlySet<ExportFormat> = new Set(["xlsx", "xls"]);

/** A text as `format` writes it: neutralised where a reader could take it for a formula. */
const sheetText = (format: ExportFormat, text: string) => (TYPED_CELLS.has(format) ? text : neutralise(text));

function tableCell(value: Cell, local: (d: Date) => Date, options: WriteOptions): Cell {
  if (value === null) return null;
  if (value instanceof Date) return local(value);
  if (typeof value === "number") return value;
  const text = value.length > CELL_MAX_CHARS ? value.slice(0, CELL_MAX_CHARS) : value;
  return options.typedCells ? text : sheetText(options.format, text);
}

/** The table's rows as every spreadsheet-like export writes them, a batch of submissions at a time. */
export async function* tableRows(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
): AsyncGenerator<Cell[][]> {
  const local = wallClock(options.timeZone);
  let done = 0;
  for await (const batch of submissionBatches(db, form)) {
    yield batch.map((row) => columns.map((column) => tableCell(column.value(row), local, options)));
    done += batch.length;
    await options.onProgress?.(done);
  }
}

/** The receiver went away (a download cut off): the export stops reading the database. */
export class ExportAborted extends Error {
  constructor() {
    super("the export's receiver closed before the end");
  }
}

/** Waits until `stream` takes more, or fails when the receiver `out` closed first. */
function drained(stream: Writable, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new ExportAborted());
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off("drain", done);
      out.off("close", gone);
      out.off("error", gone);
    };
    const done = () => {
      cleanup();
      resolve();
    };
    const gone = () => {
      cleanup();
      reject(new ExportAborted());
    };
    stream.once("drain", done);
    out.once("close", gone);
    out.once("error", gone);
  });
}

function stillWanted(out: Writable): void {
  if (out.destroyed) throw new ExportAborted();
}

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  stillWanted(out);
  if (!out.write(chunk)) await drained(out, out);
}

async function writeCsv(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
  out: Writable,
) {
  const csv = stringify({ bom: true, cast: { date: isoLocal }, quoted_match: CSV_QUOTED });
  csv.pipe(out);
  csv.write(columns.map((column) => neutralise(column.header)));
  for await (const rows of tableRows(db, form, columns, options)) {
    stillWanted(out);
    for (const row of rows) if (!csv.write(row)) await drained(csv, out);
  }
  csv.end();
  await finished(out);
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, " ")
      .trim()
      .slice(0, 31) || "Results"
  );
}

// The spreadsheet libraries load with the first export that needs them: together with what they
// import they are about a fifth of the server's start, which every process would otherwise pay.
const loadExcelJs = () => import("exceljs");
const loadSheetJs = () => import("@e965/xlsx");

async function writeXlsx(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
  out: Writable,
) {
  const { default: ExcelJS } = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(options.tableName), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    key: column.name,
    width: column.kind === "date" ? 20 : column.kind === "number" ? 12 : 28,
    style: column.kind === "date" ? { numFmt: "yyyy-mm-dd hh:mm:ss" } : {},
  }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const rows of tableRows(db, form, columns, options)) {
    stillWanted(out);
    for (const row of rows) sheet.addRow(row).commit();
    // Let the zip stream hand its bytes on before the next batch is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The most characters of one text an XLS file holds here. The format keeps each text in the shared
 * string table, whose records hold 8,224 bytes; the writer cannot split one text across the records
 * that continue it (a longer text never finishes), so a text is at most one record: 4,110 UTF-16
 * characters after its 3 bytes of header. XLSX and CSV keep texts whole.
 */
export const XLS_TEXT_LIMIT = 4110;

/** A cell for XLS: a text past the limit is cut at a character's edge, an ellipsis saying so. */
function xlsText(cell: Cell): Cell {
  if (typeof cell !== "string" || cell.length <= XLS_TEXT_LIMIT) return cell;
  let end = XLS_TEXT_LIMIT - 1;
  // Not between the two halves of a character written as a surrogate pair (an emoji).
  if (/[\uD800-\uDBFF]/.test(cell.charAt(end - 1))) end--;
  return `${cell.slice(0, end)}…`;
}

async function writeXls(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
  out: Writable,
) {
  const table: Cell[][] = [columns.map((column) => xlsText(column.header))];
  for await (const rows of tableRows(db, form, columns, options)) {
    stillWanted(out);
    for (const row of rows) table.push(row.map(xlsText));
  }
  const { default: XLSX } = await loadSheetJs();
  const sheet = XLSX.utils.aoa_to_sheet(table, { cellDates: true, dateNF: "yyyy-mm-dd hh:mm:ss" });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName(options.tableName));
  const bytes = XLSX.write(book, {
    type: "buffer",
    bookType: "biff8",
    cellDates: true,
    // Texts in the shared string table: written inline, a text would be cut at 255 characters.
    bookSST: true,
  }) as Buffer;
  await write(out, bytes);
  out.end();
  await finished(out);
}

function savValue(column: ExportColumn, value: Cell): SavValue {
  if (column.kind === "date") return value instanceof Date ? spssSeconds(value) : null;
  if (column.kind === "number") return typeof value === "number" ? value : null;
  return value === null ? null : String(value);
}

/**
 * SPSS needs each string's width before the first case, so the cases go to a temporary file
 * first (as JSON lines, their widths measured), then the dictionary and the cases follow.
 */
async function writeSav(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
  out: Writable,
) {
  const local = wallClock(options.timeZone);
  const dir = await mkdtemp(path.join(tmpdir(), "formloom-sav-"));
  try {
    const spool = path.join(dir, "cases.jsonl");
    const file = createWriteStream(spool);
    const widths = columns.map(() => 1);
    let cases = 0;
    for await (const batch of submissionBatches(db, form)) {
      let lines = "";
      for (const row of batch) {
        const values = columns.map((column, index) => {
          const raw = column.value(row);
          const value = savValue(column, raw instanceof Date ? local(raw) : raw);
          // A text's bytes, a number's digits before the point (with its minus).
          const width =
            typeof value === "string"
              ? Buffer.byteLength(value)
              : typeof value === "number"
                ? String(Math.trunc(Math.abs(value))).length + (value < 0 ? 1 : 0)
                : 0;
          widths[index] = Math.max(widths[index]!, width);
          return value;
        });
        lines += `${JSON.stringify(values)}\n`;
      }
      await write(file, lines);
      stillWanted(out);
      cases += batch.length;
      await options.onProgress?.(cases);
    }
    file.end();
    await finished(file);

    const names = spssNames(columns.map((column) => column.name));
    const variables: SavVariable[] = columns.map((column, index) => ({
      name: names[index]!,
      label: column.header,
      width: column.kind === "text" ? stringWidth(widths[index]!) : 0,
      format:
        column.kind === "date" ? "date" : { decimals: column.decimals ?? 2, integerDigits: widths[index]! },
      valueLabels: column.labels,
    }));
    await write(out, savDictionary(variables, cases, options.tableName));
    const encoder = new SavCaseEncoder(variables);
    let pending = 0;
    for await (const line of createInterface({ input: createReadStream(spool), crlfDelay: Infinity })) {
      if (!line) continue;
      encoder.add(JSON.parse(line) as SavValue[]);
      if (++pending === BATCH_LINES) {
        await write(out, encoder.take());
        pending = 0;
      }
    }
    await write(out, encoder.end());
    out.end();
    await finished(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const BATCH_LINES = 500;

/** The columns of an export; asks the database whether answers of deleted questions exist. */
export async function planColumns(
  db: Db,
  form: ExportForm,
  options: Pick<WriteOptions, "format" | "plainText" | "linkBase" | "fileLink">,
): Promise<ExportColumn[]> {
  return exportColumns(form.fields, form.access, {
    types: form.types,
    plainText: options.plainText,
    flavour: options.format === "sav" ? "spss" : "table",
    scored: form.scored,
    hasArchived: form.types.includes("answers") && (await hasArchivedAnswers(db, form)),
    linkBase: options.linkBase,
    fileLink: options.fileLink,
    questionIds: form.questionIds,
  });
}

/** Writes the form's submissions in the format to `out`, reading them from the database in batches. */
export async function writeExport(
  db: Db,
  form: ExportForm,
  columns: ExportColumn[],
  options: WriteOptions,
  out: Writable,
): Promise<void> {
  const writers = { csv: writeCsv, xlsx: writeXlsx, xls: writeXls, sav: writeSav };
  await writers[options.format](db, form, columns, options, out);
}
