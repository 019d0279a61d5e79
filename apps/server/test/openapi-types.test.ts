import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * The web app's API types (apps/web/src/lib/api-types.ts) are generated from the served document
 * by openapi-typescript; this check fails when they differ, so the client cannot drift from the
 * server. After changing routes, regenerate them with
 * `UPDATE_API_TYPES=1 npx vitest run --root apps/server test/openapi-types.test.ts`.
 */

const TYPES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/src/lib/api-types.ts");
const HEADER =
  "// Generated from the served OpenAPI document by openapi-typescript: do not edit (see apps/server/test/openapi-types.test.ts).\n";

/** An uploaded file (`format: binary`) is a Blob in the browser, which FormData takes as it is. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("the web app's generated API types", () => {
  it("match the served document", async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as Parameters<
      typeof openapiTS
    >[0];
    const generated =
      HEADER +
      astToString(
        await openapiTS(document, {
          alphabetize: true,
          transform: (schema) => (schema.format === "binary" ? BLOB : undefined),
        }),
      );
    if (process.env.UPDATE_API_TYPES) writeFileSync(TYPES, generated);
    const committed = readFileSync(TYPES, "utf8");
    expect(committed === generated, "api-types.ts is stale: regenerate it (see this file's comment)").toBe(
      true,
    );
  }, 120_000);
});
