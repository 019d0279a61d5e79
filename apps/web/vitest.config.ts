import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Vitest's 5 s default is too short for the larger unit tests on a busy machine.
    testTimeout: 30_000,
    // Files share a worker's loaded modules, which halves the pass's processor time: the files
    // test pure functions, and the one that stubs browser globals takes them back after each test.
    isolate: false,
  },
});
