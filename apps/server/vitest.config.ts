import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Tests about the embedded engine itself run in the PGlite pass only.
    exclude: onPostgres ? ["**/node_modules/**", "**/*.pglite.test.ts"] : ["**/node_modules/**"],
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
