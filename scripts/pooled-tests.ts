// Runs API test files on PostgreSQL with every test server's database reached through Debian's
// PgBouncer (1.18) in transaction mode, as a pooled deployment reaches it:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/pooled-tests.ts [test files…]
// Without files it runs a representative part of the suite: submissions, sign-in, sessions,
// uploads, exports, webhooks, mail, the two-process checks.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPgBouncer } from "./topology.ts";

const REPRESENTATIVE = [
  "test/submissions.test.ts",
  "test/answers.test.ts",
  "test/rules-on-submission.test.ts",
  "test/captcha.test.ts",
  "test/closing-and-limits.test.ts",
  "test/auth.test.ts",
  "test/sign-in-limits.test.ts",
  "test/sessions.test.ts",
  "test/uploads.test.ts",
  "test/exports.test.ts",
  "test/webhooks.test.ts",
  "test/notifications.test.ts",
  "test/permissions.test.ts",
  "test/isolation.test.ts",
  "test/two-processes.postgres.test.ts",
];

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error("Set TEST_DATABASE_URL to the PostgreSQL server the tests create their databases on.");
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), "formloom-pooled-"));
const bouncer = await startPgBouncer(adminUrl, dir);
const files = process.argv.slice(2);
// Spawned, not run synchronously: this process keeps reading PgBouncer's output meanwhile.
const run = spawn(
  "npx",
  ["vitest", "run", "--root", "apps/server", ...(files.length ? files : REPRESENTATIVE)],
  {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_POOLER: bouncer.databaseUrl, DATABASE_POOLED: "true" },
  },
);
const status = await new Promise<number | null>((resolve) => run.once("exit", resolve));
bouncer.process.child.kill("SIGTERM");
await new Promise((resolve) => bouncer.process.child.once("exit", resolve));
rmSync(dir, { recursive: true, force: true });
process.exit(status ?? 1);
