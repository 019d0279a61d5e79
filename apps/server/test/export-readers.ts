import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";

const run = promisify(execFile);

/**
 * Readers nobody here wrote, for checking exported files: LibreOffice Calc turns a CSV, XLS or
 * XLSX file into CSV (a fresh profile per call, calls one after another), and GNU PSPP reads a
 * .sav file's dictionary and cases.
 */
let queue: Promise<unknown> = Promise.resolve();

function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** The file's first sheet as rows of cells, as LibreOffice reads it. */
export function readWithLibreOffice(bytes: Buffer, extension: "csv" | "xls" | "xlsx"): Promise<string[][]> {
  return serially(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "formloom-lo-"));
    try {
      const input = path.join(dir, `export.${extension}`);
      writeFileSync(input, bytes);
      const out = path.join(dir, "out");
      // CSV in: comma, double quote, UTF-8 (76), from line 1; CSV out the same way.
      const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1";
      await run(
        "libreoffice",
        [
          `-env:UserInstallation=file://${path.join(dir, "profile")}`,
          "--headless",
          "--norestore",
          ...(extension === "csv" ? ["--infilter=CSV:44,34,76,1"] : []),
          "--convert-to",
          filter,
          "--outdir",
          out,
          input,
        ],
        { timeout: 120_000 },
      );
      const produced = readdirSync(out).find((name) => name.endsWith(".csv"));
      if (!produced) throw new Error("LibreOffice produced no file");
      return parse(readFileSync(path.join(out, produced), "utf8").replace(/^\uFEFF/, ""), {
        relax_column_count: true,
      }) as string[][];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

export interface PsppReading {
  /** Rows of the "Variables" table: name, position, label, … print format. */
  variables: string[][];
  /** Rows of the "Value Labels" table: variable label (on its first value), value, label. */
  valueLabels: string[][];
  /** The data list: a header row of names, then one row per case. */
  cases: string[][];
}

/** What PSPP reads from a .sav file: DISPLAY DICTIONARY and LIST, as CSV tables. */
export async function readWithPspp(bytes: Buffer): Promise<PsppReading> {
  const dir = mkdtempSync(path.join(tmpdir(), "formloom-pspp-"));
  try {
    const file = path.join(dir, "export.sav");
    writeFileSync(file, bytes);
    const syntax = path.join(dir, "read.sps");
    writeFileSync(syntax, `GET FILE='${file}'.\nDISPLAY DICTIONARY.\nLIST.\n`);
    const output = path.join(dir, "out.csv");
    const { stderr } = await run("pspp", ["-O", "format=csv", "-o", output, syntax], { timeout: 60_000 });
    const text = readFileSync(output, "utf8");
    if (/^(error|warning)/im.test(text) || stderr.trim())
      throw new Error(`PSPP complained:\n${stderr}\n${text}`);
    const tables = new Map<string, string[][]>();
    for (const block of text.split(/\n\s*\n/)) {
      const match = /^Table: (.+)\n([\s\S]*)$/.exec(block.trim());
      if (match) tables.set(match[1]!, parse(match[2]!, { relax_column_count: true }) as string[][]);
    }
    const table = (name: string) => tables.get(name) ?? [];
    return {
      variables: table("Variables").slice(1),
      valueLabels: table("Value Labels").slice(1),
      cases: table("Data List"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An export file as `client` downloads it (signed in when it has a token). */
export async function download(
  server: { url: string },
  client: { token?: string | undefined },
  url: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.url}${url}`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The table as a reader shows it: header row, then rows by the form's number. */
export function byHeader(rows: string[][]) {
  const [header, ...body] = rows;
  const column = (name: string) => {
    const index = header!.indexOf(name);
    if (index < 0) throw new Error(`no column ${name} in ${header!.join(" | ")}`);
    return index;
  };
  const rowOf = (position: number) => body[position]!;
  return { header: header!, body, cell: (position: number, name: string) => rowOf(position)[column(name)] };
}
