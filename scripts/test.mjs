// `npm test`: type-check, lint, unit tests, the web build, API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests. Every stage runs even after a failure, and the
// last line is the summary `tests: N passed, M failed`.
//
// Stages that do not depend on each other run side by side, so the two cores of a small machine
// are never idle: the web build first (the API and browser tests serve it), then everything else
// at once: type-check, lint and the unit tests, the API passes of the two engines (one worker
// each) and the browser tests. A stage that runs beside others keeps its output and prints it
// whole when it ends, so the log reads one stage at a time.
//
// `npm test -- --changed` (or `--changed=<commit>`) is the quick check while working: each test
// stage runs only the test files that the uncommitted changes (or those since <commit>) touch or
// import; type-check, lint and the build run whole. The full run is what CI does.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { busyShare, cpuTimes } from "./machine-load.mjs";
import { CHECK, PROJECTS, TSC } from "./typecheck.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, ".test-output");
mkdirSync(output, { recursive: true });

/** `--changed` or `--changed=<commit>`, passed on to each Vitest stage. */
const changed = process.argv.slice(2).find((arg) => arg === "--changed" || arg.startsWith("--changed="));

const runStart = Date.now();
const runCpu = cpuTimes();
/** Every stage in the order it started: its counts, its time and its test files' times. */
const stages = [];
const fileTimes = [];
const failedTests = [];

/** One step of the run: a name, its counts and time, and its output while it runs beside others. */
class Stage {
  constructor(name, { beside = false } = {}) {
    this.name = name;
    this.passed = 0;
    this.failed = 0;
    this.failures = [];
    this.beside = beside;
    this.log = [];
    this.startedAt = Date.now();
    this.cpuAtStart = cpuTimes();
    stages.push(this);
    if (!beside) console.log(bannerLine(name));
  }

  write(chunk) {
    if (this.beside) this.log.push(chunk);
    else process.stdout.write(chunk);
  }

  check(name, ok) {
    if (ok) this.passed++;
    else {
      this.failed++;
      this.failures.push(name);
    }
  }

  end() {
    this.seconds = (Date.now() - this.startedAt) / 1000;
    this.busy = busyShare(this.cpuAtStart);
    if (this.beside) {
      console.log(bannerLine(`${this.name} (ran beside other stages)`));
      process.stdout.write(Buffer.concat(this.log.map((chunk) => Buffer.from(chunk))));
    }
  }
}

function bannerLine(text) {
  return `\n━━ ${text} ${"━".repeat(Math.max(0, 70 - text.length))}`;
}

/** Runs a command for a stage; resolves whether it exited with 0. */
function run(stage, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...env },
    });
    child.stdout.on("data", (chunk) => stage.write(chunk));
    child.stderr.on("data", (chunk) => stage.write(chunk));
    child.on("error", (error) => {
      stage.write(`${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

/** The first line of a failure message, short enough to read in a log's tail. */
function firstLine(message = "") {
  return message.split("\n")[0].slice(0, 300);
}

/** Runs one Vitest project and adds its test counts; a run that reports nothing counts as one failure. */
async function vitest(name, dir, { env = {}, beside = false, workers } = {}) {
  const stage = new Stage(name, { beside });
  const report = path.join(output, `${name.replace(/\W+/g, "-")}.json`);
  rmSync(report, { force: true });
  const ok = await run(
    stage,
    "npx",
    [
      "vitest",
      "run",
      "--root",
      dir,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...(workers ? [`--maxWorkers=${workers}`] : []),
      ...(changed ? [changed, "--passWithNoTests"] : []),
    ],
    env,
  );
  try {
    const result = JSON.parse(readFileSync(report, "utf8"));
    stage.passed += result.numPassedTests;
    stage.failed += result.numFailedTests;
    if (result.numFailedTests > 0 || !ok) stage.failures.push(name);
    for (const file of result.testResults ?? []) {
      fileTimes.push({
        stage: name,
        file: path.relative(root, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults?.length ?? 0,
      });
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          failedTests.push(
            `${name} › ${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
          );
      if (file.status === "failed" && file.assertionResults?.length === 0)
        failedTests.push(`${name}: a test file failed to load (see its log above)`);
    }
    if (!ok && result.numFailedTests === 0) stage.failed++;
    if (result.numTotalTests === 0 && !changed) stage.check(`${name}: ran no test`, false);
  } catch {
    stage.check(`${name}: no report`, false);
  }
  stage.end();
}

/** Type-checks each project, one after another: a check per project. */
async function typeCheck() {
  const stage = new Stage("type-check", { beside: true });
  for (const project of PROJECTS)
    stage.check(`type-check ${project}`, await run(stage, process.execPath, [TSC, ...CHECK, "-p", project]));
  stage.end();
}

async function lint() {
  const stage = new Stage("lint and format", { beside: true });
  stage.check("lint", await run(stage, "npx", ["biome", "check", "--error-on-warnings", "."]));
  stage.end();
}

/** The web build: the server renders public form pages with the build's server entry. */
async function webBuild() {
  const stage = new Stage("web build", { beside: true });
  const built = await run(stage, "npm", ["run", "build", "-w", "@formloom/web"]);
  stage.check("web build", built);
  stage.end();
  return built;
}

/**
 * What the API and the browser tests both start their servers from, made once for the run instead
 * of once per stage: the server bundle and a migrated embedded database to copy (five seconds of
 * processor time to migrate). Named for the stages in the environment, under the names
 * apps/server/test/process.ts and database-template.ts read; a stage run on its own makes its own.
 * Returns how to remove the database at the end.
 */
async function prepareServers() {
  try {
    await buildServer();
    process.env.FORMLOOM_TEST_SERVER_BUNDLE = SERVER_BUNDLE;
  } catch (error) {
    // Each stage's setup builds it again and reports the failure where it fails.
    console.log(`The server bundle did not build: ${error.message}`);
  }
  const printed = [];
  const template = await new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/database-template.ts"], {
      cwd: path.join(root, "apps/server"),
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk) => printed.push(chunk));
    child.on("close", (code) => resolve(code === 0 ? Buffer.concat(printed).toString().trim() : undefined));
  });
  if (!template) return () => undefined;
  process.env.FORMLOOM_TEST_PGLITE_TEMPLATE = template;
  return () => rmSync(path.dirname(template), { recursive: true, force: true });
}

/** The unit tests of each package, one package after another. */
async function unitTests() {
  await vitest("unit", "packages/core", { beside: true });
  await vitest("renderer unit", "packages/renderer", { beside: true });
  await vitest("web unit", "apps/web", { beside: true });
  await vitest("scripts unit", "scripts", { beside: true });
}

// The browser tests' screenshots note what each cost (e2e/support.ts): this run's alone.
rmSync(path.join(output, "screenshot-times.tsv"), { force: true });

// Type-check and lint need no build: they run beside it, and beside everything after it.
const checks = Promise.all([typeCheck(), lint()]);
const preparing = prepareServers();
const built = await webBuild();
const units = unitTests();
const removeTemplate = await preparing;

// The browser tests start with the API passes rather than after them: the API tests wait on the
// database, timers and each other's processes often enough to leave a core idle a fifth of the
// time, and the browser tests fill it.
const postgres = process.env.TEST_DATABASE_URL;
const browserTests = () =>
  built
    ? vitest("e2e in Chromium", "e2e", { beside: true })
    : new Stage("e2e in Chromium").check("e2e (not run: the web build failed)", false);
const pglitePass = vitest("api on PGlite", "apps/server", {
  env: { TEST_DATABASE_URL: "" },
  beside: true,
  workers: postgres ? 1 : undefined,
});
if (postgres) {
  const postgresPass = vitest("api on PostgreSQL", "apps/server", {
    env: { TEST_DATABASE_URL: postgres },
    beside: true,
    workers: 1,
  });
  await Promise.all([pglitePass, postgresPass, browserTests()]);
} else {
  await pglitePass;
  await browserTests();
}
await units;
await checks;
removeTemplate();

const totals = {
  passed: stages.reduce((sum, stage) => sum + stage.passed, 0),
  failed: stages.reduce((sum, stage) => sum + stage.failed, 0),
};
writeTimings();

// The failed tests again at the end, so a log read from its tail names them.
if (failedTests.length > 0)
  console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join("\n")}`);
const failures = stages.flatMap((stage) => stage.failures);
if (failures.length > 0) console.log(`\nFailed: ${failures.join("; ")}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
// Not process.exit(): it drops what is still on its way down a pipe, and a run whose browser
// stage printed a long failure lost its last lines, the summary among them.
process.exitCode = totals.failed === 0 ? 0 : 1;

/** How many screenshots the browser tests took and how long they waited for them, when they took any. */
function screenshotCost() {
  let lines;
  try {
    lines = readFileSync(path.join(output, "screenshot-times.tsv"), "utf8").trim().split("\n");
  } catch {
    return [];
  }
  const seconds = lines.reduce((sum, line) => sum + Number(line.split("\t")[1] ?? 0), 0) / 1000;
  return [`Screenshots: ${lines.length}, taken in ${Math.round(seconds)} s of the browser tests' time.`, ""];
}

/** `.test-output/timings.md`: the run's wall time, each stage's start, time and counts, the slowest files. */
function writeTimings() {
  const total = (Date.now() - runStart) / 1000;
  const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 20);
  const lines = [
    `# Test timings: ${Math.round(total)} s in all, the machine's ${cpus().length} cores ${busyShare(runCpu)} % busy`,
    "",
    "Stages that started at the same second ran side by side. Busy: how much of all the",
    "machine's cores were in use while the stage ran (by it and whatever ran beside it).",
    "",
    "| Stage | Started at (s) | Seconds | Busy (%) | Passed | Failed |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...stages.map(
      (s) =>
        `| ${s.name} | ${Math.round((s.startedAt - runStart) / 1000)} | ${Math.round(s.seconds ?? 0)} | ${s.busy ?? ""} | ${s.passed} | ${s.failed} |`,
    ),
    "",
    ...screenshotCost(),
    "## The 20 slowest test files",
    "",
    "| Stage | File | Seconds | Tests |",
    "| --- | --- | ---: | ---: |",
    ...slowest.map((f) => `| ${f.stage} | ${f.file} | ${f.seconds.toFixed(1)} | ${f.tests} |`),
  ];
  writeFileSync(path.join(output, "timings.md"), `${lines.join("\n")}\n`);
  console.log(`\n${lines.slice(0, 7 + stages.length).join("\n")}`);
}
