import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Property tests run hundreds of cases; on a busy machine Vitest's 5 s default is too short.
    testTimeout: 30_000,
    // Files share a worker's loaded modules: the code under test is pure functions, and importing
    // it again for every file cost two thirds of the pass's processor time.
    isolate: false,
  },
});
