import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/connect.ts";
import { loadSettings } from "../src/settings.ts";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let api: ApiClient;

beforeAll(async () => {
  target = await freshDatabaseTarget();
  const settings = loadSettings({
    DATA_DIR: target.dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const database = await openDatabase(settings);
  app = await buildApp(settings, database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  api = new ApiClient(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  // The database goes away under the running server: every query now fails inside.
  await database.close();
});
afterAll(async () => {
  await app.close();
  await target.drop();
});

describe("an internal failure", () => {
  it("answers 500 with the generic code and no stack trace or driver message", async () => {
    const response = await api.get("/api/health");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: "server.error", message: "Something went wrong" });
    const submit = await api.post("/api/forms/answer", { formId: 1, answers: [] });
    expect(submit.status).toBe(500);
    expect(submit.text).not.toMatch(/\bat \S+:\d+|PGlite|pg-protocol|closed/i);
  });
});
