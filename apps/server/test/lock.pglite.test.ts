import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";
import { exited, freePort, runServerToExit, spawnServer } from "./process.ts";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
beforeAll(async () => {
  target = await freshDatabaseTarget();
});
afterAll(() => target.drop());

// Starts three servers as processes: on a busy machine that takes minutes.
describe("embedded database directory", { timeout: 180_000 }, () => {
  it("refuses a second process on the same directory with a clear message, and leaves the first working", async () => {
    const env = { DATA_DIR: target.dataDir, SEED_DEMO: "true" };
    const first = await spawnServer(env, await freePort());
    try {
      const second = await runServerToExit(env, await freePort());
      expect(second.code).toBe(1);
      expect(second.output).toContain("is in use by another Formloom process");
      expect(second.output).toContain(`pid ${first.child.pid}`);
      const health = await new ApiClient(first.url).get("/api/health");
      expect(health.body).toEqual({ status: "ok", database: "pglite" });
    } finally {
      first.child.kill("SIGKILL");
      await exited(first.child);
    }
    // A lock left by a killed process does not stop the next start.
    const restarted = await spawnServer(env, await freePort());
    restarted.child.kill("SIGTERM");
    await exited(restarted.child);
  });
});
