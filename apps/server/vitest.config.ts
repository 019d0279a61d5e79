import { defineConfig } from "vitest/config";
import { preferMemoryTmpdir } from "./test/memory-tmpdir.ts";

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
    // Passwords hashed at a lower scrypt cost: the runs make and sign in thousands of accounts,
    // which at the production cost took two fifths of the processor time of the files that sign in most.
    // The embedded databases keep a 16MB cache, not 128MB: the runs start hundreds, and the cache's
    // size was half of each start's processor time.
    env: { PASSWORD_SCRYPT_N: "1024", PGLITE_SHARED_BUFFERS: "16MB" },
    // A limit for a test that hangs, not a speed target (docs/test-timings.md keeps those): the
    // machine CI shares has run the whole suite up to three times slower than on a quiet day, and
    // a test that starts LibreOffice, PSPP or a second server took 35 s there that takes 12 s here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
