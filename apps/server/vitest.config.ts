import { defineConfig } from "vitest/config";
import { preferMemoryTmpdir } from "./test/memory-tmpdir.ts";
import { TEST_RUN_ENV } from "./test/test-run-env.ts";

preferMemoryTmpdir();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Tests about the embedded engine itself run in the PGlite pass only; tests of several server
    // processes on one database, in the PostgreSQL pass only (PGlite serves one process).
    exclude: onPostgres
      ? ["**/node_modules/**", "**/*.pglite.test.ts"]
      : ["**/node_modules/**", "**/*.postgres.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    // Files share a worker's loaded modules: each file imported the whole server again, which cost
    // more than half the pass's time. Each file still starts its own server on its own database,
    // and the server keeps no state in its modules beyond caches of pure lookups.
    isolate: false,
    maxWorkers: 2,
    env: TEST_RUN_ENV,
    // A limit for a test that hangs, not a speed target (docs/test-timings.md keeps those): the
    // machine CI shares has run the whole suite up to three times slower than on a quiet day, and
    // a test that starts LibreOffice, PSPP or a second server took 35 s there that takes 12 s here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
