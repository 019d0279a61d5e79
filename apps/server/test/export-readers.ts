import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";

const run = promisify(execFile);

/**
 * Readers nobody here wrote, for checking exported files: LibreOffice Calc turns a CSV, XLS or
 * XLSX file into CSV, and GNU PSPP reads a .sav file's dictionary and cases.
 *
 * LibreOffice runs as a server, one per test process, started on the first file and stopped when
 * the process exits: a start costs four to five seconds of processor time, and a run reads dozens
 * of files. Each file goes to it through its UNO bridge (office-convert.py, with Debian's
 * python3-uno), with the filters `soffice --convert-to` uses, one file at a time.
 */
let queue: Promise<unknown> = Promise.resolve();

function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const CONVERT = path.join(import.meta.dirname, "office-convert.py");
/** Debian's Python, the one python3-uno installs the bridge for (another on the PATH may lack it). */
const PYTHON = "/usr/bin/python3";

/** Where the run's setup has the test processes note their LibreOffice servers (officeServersOfRun). */
const OFFICE_DIR_VARIABLE = "FORMLOOM_TEST_OFFICES";

/** This process's LibreOffice server: the pipe it answers on. */
let office: { pipe: string; child: ChildProcess; dir: string; failed?: Error } | undefined;

function officeServer(): string {
  if (office && office.child.exitCode === null && office.child.signalCode === null) return office.pipe;
  const dir = mkdtempSync(path.join(process.env[OFFICE_DIR_VARIABLE] ?? tmpdir(), "formloom-lo-"));
  const pipe = `formloom-lo-${process.pid}-${path.basename(dir)}`;
  const child = spawn(
    "libreoffice",
    [
      `-env:UserInstallation=file://${path.join(dir, "profile")}`,
      "--headless",
      "--norestore",
      "--nologo",
      "--nodefault",
      `--accept=pipe,name=${pipe};urp;`,
    ],
    // A process group of its own, so that stopping it stops the office program its launcher starts.
    { stdio: "ignore", detached: true },
  );
  child.unref();
  const started: typeof office = { pipe, child, dir };
  // Not installed, say: the conversion then fails with this as its reason.
  child.once("error", (error) => {
    started.failed = error;
  });
  office = started;
  // The run's teardown stops it, should this process be ended before its exit handlers run.
  writeFileSync(path.join(dir, "server.json"), JSON.stringify({ group: child.pid, pipe }));
  process.once("exit", () => stopOfficeServer(dir));
  return pipe;
}

/** Stops this process's server, so that the next conversion starts a fresh one. */
function restartOfficeServer(): void {
  if (!office) return;
  stopOfficeServer(office.dir);
  office = undefined;
}

/**
 * Stops a server and removes its profile: asked to end, LibreOffice removes its pipes from /tmp;
 * killed, should it not answer, it would leave them.
 */
function stopOfficeServer(dir: string): void {
  try {
    const { group, pipe } = JSON.parse(readFileSync(path.join(dir, "server.json"), "utf8"));
    spawnSync(PYTHON, [CONVERT, pipe, "--stop"], { stdio: "ignore", timeout: 10_000 });
    // It ends a moment after it answers; killed before, it would leave its pipes.
    for (let waited = 0; waited < 5000 && running(group); waited += 50) sleep(50);
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Ended already.
    }
  } catch {
    // Never started.
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Whether a process of the group still runs. An ended one that this process started stays a
 * zombie until this process reaps it, which an exit handler never does, so it does not count.
 */
function running(group: number): boolean {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const [state, , processGroup] = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(processGroup) === group && state !== "Z") return true;
    } catch {
      // Ended while read.
    }
  }
  return false;
}

/** Waits without returning to the event loop: an exit handler has no loop to return to. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * For a run's global setup: a directory where its test processes note the LibreOffice servers
 * they start, and the teardown that stops them all.
 */
export function officeServersOfRun(): () => void {
  const parent = mkdtempSync(path.join(tmpdir(), "formloom-offices-"));
  process.env[OFFICE_DIR_VARIABLE] = parent;
  return () => {
    for (const dir of readdirSync(parent)) stopOfficeServer(path.join(parent, dir));
    rmSync(parent, { recursive: true, force: true });
  };
}

/** The file's first sheet as rows of cells, as LibreOffice reads it. */
export function readWithLibreOffice(bytes: Buffer, extension: "csv" | "xls" | "xlsx"): Promise<string[][]> {
  return serially(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "formloom-lo-file-"));
    try {
      const input = path.join(dir, `export.${extension}`);
      writeFileSync(input, bytes);
      const output = path.join(dir, "out.csv");
      const convert = () =>
        run(PYTHON, [CONVERT, officeServer(), input, output, ...(extension === "csv" ? ["csv"] : [])], {
          timeout: 120_000,
        });
      // Seen once in dozens of runs: the bridge's client ended without a word (no message, no
      // trace), or crashed twice against the same server. The file is then read again, by a new
      // server when the old one is gone, and at last by a fresh one; a file LibreOffice cannot
      // read fails every time.
      await convert()
        .catch(convert)
        .catch(() => {
          restartOfficeServer();
          return convert();
        })
        .catch((error: Error & { code?: number; signal?: string }) => {
          if (office?.failed) throw new Error(`LibreOffice did not start: ${office.failed.message}`);
          throw new Error(`${error.message.trim()} (exit code ${error.code}, signal ${error.signal})`);
        });
      return parse(readFileSync(output, "utf8").replace(/^\uFEFF/, ""), {
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
