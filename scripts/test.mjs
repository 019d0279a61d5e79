// `npm test`: type-check, lint, unit tests, the web build, API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests. Every stage runs even after a failure, and the
// last line is the summary `tests: N passed, M failed`.
//
// `npm test -- --changed` (or `--changed=<commit>`) is the quick check while working: each test
// stage runs only the test files that the uncommitted changes (or those since <commit>) touch or
// import; type-check, lint and the build run whole. The full run is what CI does.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECTS } from "./typecheck.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, ".test-output");
mkdirSync(output, { recursive: true });

/** `--changed` or `--changed=<commit>`, passed on to each Vitest stage. */
const changed = process.argv.slice(2).find((arg) => arg === "--changed" || arg.startsWith("--changed="));

const totals = { passed: 0, failed: 0 };
const failures = [];
const failedTests = [];
/** Each stage's wall time and counts, and each test file's time, for .test-output/timings.md. */
const stages = [];
const fileTimes = [];
let stageStart = Date.now();

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    ...options,
    env: { ...process.env, ...options.env },
  });
  return result.status === 0;
}

function check(name, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
  }
}

/** Starts a stage: the previous one's time ends here. */
function banner(text) {
  endStage();
  stages.push({ name: text, passed: totals.passed, failed: totals.failed });
  stageStart = Date.now();
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 70 - text.length))}`);
}

/** Closes the open stage: its seconds and the tests it added. */
function endStage() {
  const stage = stages.at(-1);
  if (!stage || stage.seconds !== undefined) return;
  stage.seconds = (Date.now() - stageStart) / 1000;
  stage.passed = totals.passed - stage.passed;
  stage.failed = totals.failed - stage.failed;
}

function writeTimings() {
  endStage();
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 20);
  const lines = [
    `# Test timings: ${Math.round(total)} s in all`,
    "",
    "| Stage | Seconds | Passed | Failed |",
    "| --- | ---: | ---: | ---: |",
    ...stages.map((s) => `| ${s.name} | ${Math.round(s.seconds)} | ${s.passed} | ${s.failed} |`),
    "",
    "## The 20 slowest test files",
    "",
    "| Stage | File | Seconds | Tests |",
    "| --- | --- | ---: | ---: |",
    ...slowest.map((f) => `| ${f.stage} | ${f.file} | ${f.seconds.toFixed(1)} | ${f.tests} |`),
  ];
  writeFileSync(path.join(output, "timings.md"), `${lines.join("\n")}\n`);
  console.log(`\n${lines.slice(0, 4 + stages.length).join("\n")}`);
}

/** The first line of a failure message, short enough to read in a log's tail. */
function firstLine(message = "") {
  return message.split("\n")[0].slice(0, 300);
}

/** Runs one Vitest project and adds its test counts; a run that reports nothing counts as one failure. */
function vitest(name, dir, env = {}) {
  banner(name);
  const report = path.join(output, `${name.replace(/\W+/g, "-")}.json`);
  rmSync(report, { force: true });
  const ok = run(
    "npx",
    [
      "vitest",
      "run",
      "--root",
      dir,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...(changed ? [changed, "--passWithNoTests"] : []),
    ],
    { env },
  );
  try {
    const result = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    if (result.numFailedTests > 0 || !ok) failures.push(name);
    for (const file of result.testResults ?? [])
      fileTimes.push({
        stage: name,
        file: path.relative(root, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults?.length ?? 0,
      });
    for (const file of result.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          failedTests.push(
            `${name} › ${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
          );
    if (
      (result.testResults ?? []).some(
        (file) => file.status === "failed" && file.assertionResults?.length === 0,
      )
    )
      failedTests.push(`${name}: a test file failed to load (see its log above)`);
    if (!ok && result.numFailedTests === 0) totals.failed++;
    if (result.numTotalTests === 0 && !changed) check(`${name}: ran no test`, false);
  } catch {
    check(`${name}: no report`, false);
  }
}

banner("type-check");
for (const project of PROJECTS)
  check(`type-check ${project}`, run("npx", ["tsc", "--noEmit", "-p", project]));

banner("lint and format");
check("lint", run("npx", ["biome", "check", "--error-on-warnings", "."]));

vitest("unit", "packages/core");
vitest("renderer unit", "packages/renderer");
vitest("web unit", "apps/web");

// The server renders public form pages with the web build's server entry, so the API tests of
// those pages need the build before them.
banner("web build");
const built = run("npm", ["run", "build", "-w", "@formloom/web"]);
check("web build", built);

vitest("api on PGlite", "apps/server", { TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL)
  vitest("api on PostgreSQL", "apps/server", { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });

if (built) vitest("e2e in Chromium", "e2e");
else check("e2e (not run: the web build failed)", false);

writeTimings();

// The failed tests again at the end, so a log read from its tail names them.
if (failedTests.length > 0)
  console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join("; ")}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
