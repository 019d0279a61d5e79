import { defineConfig } from "vitest/config";

// Property tests run hundreds of cases; on a busy machine Vitest's 5 s default is too short.
export default defineConfig({
  test: { testTimeout: 30_000 },
});
