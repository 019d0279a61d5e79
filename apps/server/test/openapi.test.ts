import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const EXPECTED = [
  "get /api/health",
  "post /api/register",
  "post /api/login",
  "post /api/refresh",
  "get /api/user",
  "post /api/account/create",
  "get /api/account/{id}",
  "post /api/forms",
  "get /api/forms/account",
  "get /api/forms/{id}",
  "patch /api/forms/{id}",
  "delete /api/forms/{id}",
  "post /api/forms/{id}/clone",
  "get /api/forms/{id}/summary",
  "get /api/forms/path/{alias}/{subdomain}",
  "post /api/forms/answer",
  "get /api/forms/{id}/answer/paginated/{page}/{size}",
  "get /api/forms/{id}/answer/{answerId}",
  "patch /api/forms/{id}/answer/status/read",
  "patch /api/forms/{id}/answer/status/unread",
  "delete /api/forms/{id}/answer",
  "get /api/forms/account/answer/count-new",
  "get /api/user/{id}/settings",
  "patch /api/user/{id}/settings",
];

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document listing every route", async () => {
    const response = await server.api.get<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>("/api/docs/json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(
      response.body as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const listed = Object.entries(response.body.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(listed).toEqual(expect.arrayContaining(EXPECTED));
  });

  it("documents request bodies from the zod schemas", async () => {
    const doc = (
      await server.api.get<{
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
        >;
      }>("/api/docs/json")
    ).body;
    const register = doc.paths["/api/register"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(register?.required).toEqual(
      expect.arrayContaining(["username", "email", "password", "passwordConfirmation"]),
    );
  });
});
