import { defineConfig } from "vitest/config";
import { preferMemoryTmpdir } from "../apps/server/test/memory-tmpdir.ts";

preferMemoryTmpdir();

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["./global-setup.ts"],
    pool: "forks",
    // Files share a worker's loaded modules (the browser client, the helpers) instead of each
    // importing them again; each file still starts its own app and opens its own browser contexts.
    isolate: false,
    // Two files at a time: a third, tried, kept the cores busier (99 %) but made the stage no
    // shorter, and its files waited longer on each page.
    maxWorkers: 2,
    // Passwords hashed at a lower scrypt cost: the runs make and sign in thousands of accounts,
    // which at the production cost took two fifths of the processor time of the files that sign in most.
    env: { PASSWORD_SCRYPT_N: "1024" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser on a busy two-core machine can take seconds to show what a test waits for: a poll
    // gives up after 10 s, not vitest's 1 s (a poll that succeeds still returns at once).
    expect: { poll: { timeout: 10_000 } },
  },
});
