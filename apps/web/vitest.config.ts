import { defineConfig } from "vitest/config";

export default defineConfig({
  // Vitest's 5 s default is too short for the larger unit tests on a busy machine.
  test: { include: ["src/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
});
