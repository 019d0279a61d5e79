import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/connect.ts";
import { loadSettings } from "../src/settings.ts";
import { ApiClient, freshDatabaseTarget, registerUser } from "./harness.ts";

/** What a person sent; none of it may reach a log line, even when their request fails. */
const EMAIL = "private-person-5e1d@example.com";
const PASSWORD = "hunter2-secret-9b7c";
const ANSWER = "my-private-answer-3f8a";
const QUERY = "private-query-value-6c2e";
const COOKIE = "session=private-cookie-4d9f";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let api: ApiClient;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  target = await freshDatabaseTarget();
  const settings = loadSettings({
    DATA_DIR: target.dataDir,
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const database = await openDatabase(settings);
  app = await buildApp(settings, database, { write: (line) => void lines.push(line) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  api = new ApiClient(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  token = (await registerUser(api, "logged")).token;
  // The database goes away under the running server, so the requests below fail inside with
  // their input already bound into queries: the case where it used to reach the log.
  await database.close();
});
afterAll(async () => {
  await app.close();
  await target.drop();
});

function logged(): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the log of a failed request", () => {
  it("names method, route, path and request id, and carries no body, query string, header or cookie", async () => {
    const requests = [
      api.request(
        "POST",
        `/api/login?next=${QUERY}`,
        { username: EMAIL, password: PASSWORD },
        { cookie: COOKIE },
      ),
      api.request("POST", `/api/forms/answer?ref=${QUERY}`, {
        formId: 1,
        answers: [
          { fieldId: "mail", answer: EMAIL },
          { fieldId: "note", answer: ANSWER },
        ],
      }),
      api.as(token).request("PATCH", `/api/user/1/settings?x=${QUERY}`, { locale: "it" }, { cookie: COOKIE }),
    ];
    for (const response of await Promise.all(requests)) expect(response.status, response.text).toBe(500);

    const failures = logged().filter((entry) => entry.msg === "request failed");
    expect(failures.length).toBeGreaterThanOrEqual(3);
    for (const entry of failures) {
      expect(entry).toMatchObject({ level: 50, method: expect.any(String), route: expect.any(String) });
      expect(entry.reqId).toEqual(expect.any(String));
      expect(String(entry.path)).not.toContain("?");
    }
    expect(failures.map((entry) => entry.route)).toEqual(
      expect.arrayContaining(["/api/login", "/api/forms/answer", "/api/user/:id/settings"]),
    );

    const text = lines.join("\n");
    expect(text).toContain("request failed");
    for (const secret of [EMAIL, PASSWORD, ANSWER, QUERY, COOKIE, token]) expect(text).not.toContain(secret);
  });

  it("keeps what an operator needs: the error's type and frames, and a failed query's SQL without its values", async () => {
    await api.request("POST", "/api/login", { username: EMAIL, password: PASSWORD });
    const entry = logged()
      .filter((line) => line.msg === "request failed")
      .at(-1);
    const err = entry?.err as { type: string; stack: string } | undefined;
    expect(err?.type).toEqual(expect.any(String));
    expect(err?.stack).toMatch(/^ {4}at /);
    expect(JSON.stringify(entry)).not.toContain(EMAIL);
  });
});
