import path from "node:path";
import { fileURLToPath } from "node:url";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../src/http/openapi-examples.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * The served document passes Redocly's recommended rules (redocly.yaml at the repository's
 * root) with no error and no warning, so client generators and readers can rely on it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error and no warning", async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const config = await loadConfig({ configPath: path.join(root, "redocly.yaml") });
    const problems = await lintFromString({
      source: await response.text(),
      absoluteRef: path.join(root, "openapi.json"),
      config,
    });
    const found = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ""}`,
    );
    expect(found).toEqual([]);
  }, 120_000);
});

describe("what every operation says", () => {
  it("has a camelCase operationId of its own, a summary, and its 4xx answers in the shared error shape", async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; summary: string; responses: Record<string, unknown> }>
      >;
      servers: unknown[];
      info: { license?: unknown };
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license).toBeTruthy();
    expect(Object.keys(doc.components.schemas.ApiError?.properties ?? {})).toEqual([
      "code",
      "message",
      "validationErrors",
    ]);
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(ids.has(operation.operationId), `${where}: ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary, where).toBeTruthy();
        expect(operation.responses["400"], where).toEqual({
          description: expect.any(String),
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        });
      }
  });
});

describe("the main request bodies", () => {
  it("carry an example a reader can send (the lint above checks each against its schema)", async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
      >;
    };
    const missing = Object.keys(EXAMPLES).filter((key) => {
      const [method = "", path = ""] = key.split(" ");
      return doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.example === undefined;
    });
    expect(missing).toEqual([]);
    expect(Object.keys(EXAMPLES)).toEqual(
      expect.arrayContaining([
        "post /api/forms",
        "patch /api/forms/{id}",
        "post /api/forms/answer",
        "post /api/login",
      ]),
    );
  });
});
