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
    // Three files at a time: with the headless shell a browser file leaves a seventh of the two
    // cores idle while it waits on the page, which a third file fills.
    maxWorkers: 3,
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
