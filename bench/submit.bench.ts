// npm run bench:submit — load on POST /api/forms/answer with a valid 10-field submission, at 1, 16
// and 64 connections, on PGlite and (when reachable) PostgreSQL; beside it, in the same run, the
// same load on a baseline server that stores the same JSONB row with one plain INSERT through the
// same driver (bench/submit-baseline.ts). Prints req/s, p50, p99, errors, the app's ratio to the
// baseline, and stored rows against 2xx answers. BENCH_SECONDS (default 20) sets each run's length;
// BENCH_DATABASE_URL (default the local test server) the PostgreSQL to create a database on.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../apps/server/test/process.ts";
import { busyShare, cpuTimes } from "../scripts/machine-load.mjs";
import { call, formOfNewAccount, load, type Run } from "./bench-client.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = [1, 16, 64];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = path.resolve(import.meta.dirname, "..");

/** The typical form of the public-page budget: ten questions of the common types. */
const FIELDS = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  { id: "mail", fieldType: "email", question: "E-mail", isRequired: true },
  { id: "plan", fieldType: "radio", question: "Plan", fieldSettings: { answerVariants: variants(3) } },
  { id: "topics", fieldType: "checkbox", question: "Topics", fieldSettings: { answerVariants: variants(4) } },
  { id: "nps", fieldType: "nps", question: "Recommend us?" },
  { id: "story", fieldType: "textarea", question: "Tell us more" },
  { id: "city", fieldType: "select", question: "City", fieldSettings: { answerVariants: variants(5) } },
  { id: "age", fieldType: "number", question: "Age", validationSettings: { min: 0, max: 130 } },
  { id: "when", fieldType: "dateTime", question: "Visit date", fieldSettings: { dateTimeMode: "date" } },
  { id: "stars", fieldType: "rate", question: "Rating", fieldSettings: { maxRating: 5 } },
];
const ANSWERS = [
  { fieldId: "name", answer: "Ada Lovelace" },
  { fieldId: "mail", answer: "ada@example.com" },
  { fieldId: "plan", answer: "v2" },
  { fieldId: "topics", answer: ["v1", "v3"] },
  { fieldId: "nps", answer: 9 },
  { fieldId: "story", answer: "The analytical engine weaves algebraic patterns just as the loom weaves." },
  { fieldId: "city", answer: "v4" },
  { fieldId: "age", answer: 36 },
  { fieldId: "when", answer: "2026-11-22" },
  { fieldId: "stars", answer: 4 },
];

function variants(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `v${i + 1}`,
    title: `Option ${i + 1}`,
    value: `${i + 1}`,
  }));
}

interface Target {
  engine: "PGlite" | "PostgreSQL";
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function targets(): Promise<Target[]> {
  const list: Target[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "formloom-bench-"));
  list.push({
    engine: "PGlite",
    env: { DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  });
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${ADMIN_URL} is not reachable: PGlite only.`);
    return list;
  }
  const name = `formloom_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pgDir = mkdtempSync(path.join(tmpdir(), "formloom-bench-"));
  list.push({
    engine: "PostgreSQL",
    env: { DATABASE_URL: url.toString(), DATA_DIR: pgDir },
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(pgDir, { recursive: true, force: true });
    },
  });
  return list;
}

async function start(args: string[], cwd: string, env: Record<string, string>, ready: string) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await gone;
}

/** An account with the 10-field form, made through the API; returns the form id and a token. */
const prepareApp = (url: string) => formOfNewAccount(url, FIELDS);

/** A warm-up (JIT, caches, connections), then one run per connection count; every 2xx is counted. */
interface Measured {
  runs: Run[];
  acknowledged: number;
  unanswered: number;
  /** What the database's sessions did during the run at 64 connections (PostgreSQL only). */
  waits?: string;
  /** Processor time per answered request at 64 connections, in ms: the server's and PostgreSQL's. */
  cpu: { server: number; database: number };
  /** The load tool's own processor time per answered request at 64 connections, in ms. */
  loadCpu: number;
  /** How busy the machine's cores were during the run at 64 connections, in %. */
  busy: number;
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);

/**
 * Processor time (user and system) the processes have used so far, in ms. On a machine other
 * work keeps busy, requests per second say how the machine was shared; the time each request
 * costs says what the app itself spends.
 */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 of /proc/PID/stat (utime, stime), counted after the name's ") ".
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * Starts counting the processor time of the database's backends; the function returned stops and
 * says how much they used. The app's pool closes connections left idle and opens others, so the
 * backends are looked up every half second and each counts from when it was first seen to when it
 * was last seen: one that ends before the stop keeps what it used instead of leaving the sum.
 */
async function watchBackends(backends: () => Promise<number[]>): Promise<() => Promise<number>> {
  const seen = new Map<number, { first: number; last: number }>();
  const sample = async () => {
    for (const pid of await backends()) {
      const used = cpuMs([pid]);
      const known = seen.get(pid);
      if (known) known.last = used;
      else seen.set(pid, { first: used, last: used });
    }
  };
  await sample();
  let watching = true;
  const sampling = (async () => {
    while (watching) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sample();
    }
  })();
  return async () => {
    watching = false;
    await sampling;
    await sample();
    return [...seen.values()].reduce((sum, { first, last }) => sum + Math.max(0, last - first), 0);
  };
}

/** The server process and, on PostgreSQL, the backends serving its database. */
interface Processes {
  server: number;
  databasePids(): Promise<number[]>;
}

async function measure(
  url: string,
  body: string,
  processes: Processes,
  alongside64?: (seconds: number) => Promise<string>,
): Promise<Measured> {
  const warmUp = await load(url, body, 16, Math.min(3, SECONDS));
  const runs: Run[] = [];
  let waits: string | undefined;
  let cpu = { server: 0, database: 0 };
  let loadCpu = 0;
  let busy = 0;
  for (const connections of CONNECTIONS) {
    const watching = connections === 64 && alongside64 ? alongside64(SECONDS) : undefined;
    const databaseUsed = connections === 64 ? await watchBackends(processes.databasePids) : undefined;
    const serverBefore = cpuMs([processes.server]);
    const machineBefore = cpuTimes();
    const loadBefore = process.cpuUsage();
    const run = await load(url, body, connections, SECONDS);
    runs.push(run);
    if (databaseUsed) {
      const per = (ms: number) => ms / Math.max(run.ok, 1);
      const used = process.cpuUsage(loadBefore);
      busy = busyShare(machineBefore);
      loadCpu = per((used.user + used.system) / 1000);
      cpu = { server: per(cpuMs([processes.server]) - serverBefore), database: per(await databaseUsed()) };
    }
    waits = (await watching) ?? waits;
  }
  const all = [warmUp, ...runs];
  return {
    runs,
    waits,
    cpu,
    loadCpu,
    busy,
    acknowledged: all.reduce((sum, run) => sum + run.ok, 0),
    unanswered: all.reduce((sum, run) => sum + run.unanswered, 0),
  };
}

/** The backends connected to a database (its sessions, minus the sampler's own). */
function backendsOf(databaseUrl: string | undefined): () => Promise<number[]> {
  if (!databaseUrl) return async () => [];
  return async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
}

/**
 * Samples the database's sessions every 20 ms for `seconds` and says what share of the sampled
 * session time went to each wait (a lock on another transaction: Lock:transactionid), and to work.
 */
async function sessionWaits(databaseUrl: string, seconds: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let total = 0;
  try {
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      const { rows } = await client.query<{ what: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'working') as what from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      total += rows.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
  const shares = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return shares.map(([what, n]) => `${what} ${fmt((100 * n) / Math.max(total, 1))} %`).join(", ");
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function runApp(target: Target) {
  const app = await start([SERVER_BUNDLE], path.join(root, "apps/server"), target.env, "Formloom is running");
  try {
    const { formId, token } = await prepareApp(app.url);
    const databaseUrl = target.env.DATABASE_URL;
    const measured = await measure(
      `${app.url}/api/forms/answer`,
      JSON.stringify({ formId, answers: ANSWERS }),
      { server: app.child.pid!, databasePids: backendsOf(databaseUrl) },
      databaseUrl ? (seconds) => sessionWaits(databaseUrl, seconds) : undefined,
    );
    const summary = await call<{ answerCount: number }>(
      `${app.url}/api/forms/${formId}/summary`,
      "GET",
      undefined,
      token,
    );
    return { ...measured, stored: summary.answerCount };
  } finally {
    await stop(app.child);
  }
}

async function runBaseline(target: Target) {
  const baseline = await start(
    ["--import", "tsx", "submit-baseline.ts"],
    import.meta.dirname,
    target.env,
    "baseline listening",
  );
  try {
    const measured = await measure(baseline.url, JSON.stringify({ formId: 1, answers: ANSWERS }), {
      server: baseline.child.pid!,
      databasePids: backendsOf(target.env.DATABASE_URL),
    });
    return { ...measured, stored: (await call<{ stored: number }>(baseline.url, "GET")).stored };
  } finally {
    await stop(baseline.child);
  }
}

/**
 * Every submission of the load is valid, so each one answered 2xx must be stored exactly once;
 * of those still unanswered when the load tool stopped mid-request, the server may have stored
 * some (it got them whole) and not others (it did not), but never more than were sent.
 */
function verdict(side: Measured & { stored: number }): string {
  if (side.stored < side.acknowledged)
    return `LOST ${side.acknowledged - side.stored} acknowledged submissions`;
  const extra = side.stored - side.acknowledged;
  if (extra > side.unanswered) return `DOUBLED: ${extra - side.unanswered} rows more than were sent`;
  return `stored = 2xx + ${extra} of the ${side.unanswered} unanswered at the stop: none lost, none doubled`;
}

async function benchEngine(target: Target) {
  const app = await runApp(target);
  const baseline = await runBaseline(target);
  console.log(`\n${target.engine} (${SECONDS} s per run)`);
  console.log(
    "connections | app req/s | baseline req/s | app/baseline | app p50 / p99 ms | baseline p50 / p99 ms | app errors",
  );
  CONNECTIONS.forEach((connections, i) => {
    const a = app.runs[i]!;
    const b = baseline.runs[i]!;
    console.log(
      `${String(connections).padStart(11)} | ${fmt(a.rps).padStart(9)} | ${fmt(b.rps).padStart(14)} | ${fmt(a.rps / b.rps, 2).padStart(12)} | ${`${a.p50} / ${a.p99}`.padStart(16)} | ${`${b.p50} / ${b.p99}`.padStart(21)} | ${a.errors}`,
    );
  });
  if (app.waits) console.log(`app at 64 connections, active PostgreSQL sessions: ${app.waits}`);
  const cpu = (side: Measured) =>
    `${fmt(side.cpu.server + side.cpu.database, 2)} ms (server ${fmt(side.cpu.server, 2)}${target.engine === "PostgreSQL" ? `, PostgreSQL ${fmt(side.cpu.database, 2)}` : ""})`;
  console.log(
    `processor time per answered request at 64 connections: app ${cpu(app)}, baseline ${cpu(baseline)}`,
  );
  // With the cores full, requests per second follow the processor time each request costs, the
  // load tool's included: that ratio is what this machine allows the app against the baseline. On
  // PGlite the database runs in each server's own thread, so neither side can fill more than one.
  const withLoad = (side: Measured) => side.cpu.server + side.cpu.database + side.loadCpu;
  console.log(
    `the machine's ${cpus().length} cores at 64 connections: ${fmt(app.busy)} % busy under the app, ${fmt(baseline.busy)} % under the baseline; the load tool's own time per request ${fmt(app.loadCpu, 2)} / ${fmt(baseline.loadCpu, 2)} ms; at full cores the ratio of processor time per request, load tool included, allows the app ${fmt(withLoad(baseline) / Math.max(withLoad(app), 0.001), 2)}× the baseline`,
  );
  for (const [name, side] of [
    ["app", app],
    ["baseline", baseline],
  ] as const) {
    console.log(
      `${name}: ${fmt(side.stored)} rows stored, ${fmt(side.acknowledged)} answered 2xx, ${verdict(side)}`,
    );
  }
  return { app, baseline };
}

// The server as production runs it: the compiled bundle `npm start` builds.
const SERVER_BUNDLE = path.join(root, "apps/server/dist/main.js");
if (
  spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { stdio: "inherit" }).status !==
  0
) {
  throw new Error("the server bundle did not build");
}
const results: string[] = [];
for (const target of await targets()) {
  try {
    const { app, baseline } = await benchEngine(target);
    const at64 = CONNECTIONS.indexOf(64);
    const a = app.runs[at64]!;
    const b = baseline.runs[at64]!;
    const cost = (side: Measured) => side.cpu.server + side.cpu.database;
    results.push(
      `${target.engine} at 64 connections: app ${fmt(a.rps)} req/s, ${fmt(a.rps / b.rps, 2)}× the plain INSERT's ${fmt(b.rps)}; p99 ${a.p99} ms; ${a.errors} errors; ${verdict(app)}; processor time per request ${fmt(cost(app) / Math.max(cost(baseline), 0.001), 2)}× the plain INSERT's`,
    );
  } finally {
    await target.drop();
  }
}
console.log(`\n${results.join("\n")}`);
