import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Property tests run hundreds of cases; on a busy machine Vitest's 5 s default is too short.
    testTimeout: 30_000,
    // Files share a worker's loaded modules: the tests render to strings and keep nothing between
    // files, and importing React and the renderer again for every file cost half the pass's time.
    isolate: false,
  },
});
