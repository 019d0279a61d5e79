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
  "get /api/backgrounds/grouped",
  "get /api/forms/{id}/answer",
  "get /api/forms/{id}/answer/paginated/{page}/{size}",
  "get /api/forms/{id}/answer/{answerId}",
  "patch /api/forms/{id}/answer/status/read",
  "patch /api/forms/{id}/answer/status/unread",
  "delete /api/forms/{id}/answer",
  "get /api/forms/account/answer/count-new",
  "get /api/user/{id}/settings",
  "patch /api/user/{id}/settings",
  "get /api/user/{id}",
  "post /api/user/{id}/edit",
  "get /api/account/users",
  "patch /api/account/edit",
  "get /api/account/resources",
  "post /api/account/group/create",
  "get /api/account/group/list",
  "get /api/account/group/{id}",
  "post /api/account/group/{id}/edit",
  "post /api/account/group/{id}/delete",
  "post /api/account/group/{id}/users/add",
  "post /api/account/group/{id}/users/remove",
  "get /api/account/group/{id}/permissions/list",
  "get /api/account/group/{id}/permissions/status",
  "post /api/account/group/{id}/permissions/set",
  "get /api/account/group/{id}/permissions/data",
  "get /api/forms/{id}/permissions",
  "get /api/forms/{id}/permissions/group/{groupId}",
  "put /api/forms/{id}/permissions/group/{groupId}",
  "post /api/account/invitations/send",
  "get /api/account/invitations",
  "post /api/account/invitations/{id}/revoke",
  "post /api/account/invitations/{id}/resend",
  "post /api/account/users/{id}/remove",
  "get /api/account/outbox",
  "get /api/invitations/{code}",
  "post /api/invitations/accept",
  "post /api/external-apps",
  "get /api/external-apps",
  "get /api/external-apps/{id}",
  "post /api/external-apps/{id}/edit",
  "post /api/external-apps/{id}/delete",
  "post /api/user/upload_file",
  "post /api/email-confirm",
  "post /api/email-confirm/resend",
  "get /api/form-themes/account/{userId}",
  "post /api/form-themes/account/{userId}",
  "patch /api/form-themes/{themeId}/account/{userId}",
  "delete /api/form-themes/{themeId}/account/{userId}",
  "get /api/form-themes/common",
  "post /api/form-themes/common",
  "patch /api/form-themes/{themeId}/common",
  "delete /api/form-themes/{themeId}/common",
  "post /api/forms/import",
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

  it("documents the answers the server gives besides success, with their codes", async () => {
    const doc = (
      await server.api.get<{
        paths: Record<
          string,
          Record<
            string,
            { responses: Record<string, { description: string; content?: Record<string, unknown> }> }
          >
        >;
      }>("/api/docs/json")
    ).body;
    const responses = (method: string, path: string) => doc.paths[path]?.[method]?.responses ?? {};
    const statuses = (method: string, path: string) => Object.keys(responses(method, path)).sort();
    expect(statuses("patch", "/api/forms/{id}")).toEqual(expect.arrayContaining(["409", "413"]));
    expect(responses("patch", "/api/forms/{id}")["409"]?.description).toContain("form.changed");
    expect(statuses("delete", "/api/forms/{id}")).toContain("409");
    expect(statuses("post", "/api/forms/answer")).toEqual(
      expect.arrayContaining(["403", "404", "413", "429"]),
    );
    expect(statuses("post", "/api/forms/upload_file")).toEqual(expect.arrayContaining(["403", "429"]));
    expect(statuses("post", "/api/login")).toEqual(expect.arrayContaining(["401", "429"]));
    expect(statuses("post", "/api/refresh")).toContain("401");
    expect(statuses("post", "/api/account/group/create")).toContain("409");
    expect(statuses("post", "/api/form-chains")).toContain("409");
    // What a description names, its responses list: "(409 …)" and "(429 …)" of a filling's calls.
    expect(statuses("put", "/api/forms/partial")).toEqual(expect.arrayContaining(["403", "409", "429"]));
    expect(statuses("post", "/api/forms/start")).toEqual(expect.arrayContaining(["403", "429"]));
    const exported = responses("get", "/api/forms/{id}/answers/export/{format}");
    expect(Object.keys(exported["200"]?.content ?? {})).toEqual(expect.arrayContaining(["text/csv"]));
    expect(Object.keys(exported)).toContain("402");
    // Answers an outside check of every call found missing, each with its code.
    for (const [method, path, status, code] of [
      ["post", "/api/register", "409", "register.username.exists"],
      ["post", "/api/reset-password/request", "429", "reset.already_sent"],
      ["post", "/api/email-confirm/resend", "429", "email_confirm.already_sent"],
      ["post", "/api/email-confirm/resend", "409", "email_confirm.already_confirmed"],
      ["get", "/api/exports/download/{token}", "401", "export.token_not_found"],
      ["get", "/api/exports/download/{token}", "403", "export.access_withdrawn"],
      ["post", "/api/account/service/add", "404", "service.not_found"],
      ["post", "/api/account/service/add", "409", "service.already_added"],
      ["post", "/api/account/service/remove", "404", "service.not_added"],
      ["post", "/api/account/group/{id}/edit", "409", "group.name.exists"],
      ["post", "/api/hooks", "404", "form.not_found"],
    ] as const) {
      expect(responses(method, path)[status]?.description, `${method} ${path} ${status}`).toContain(code);
    }
  });

  it("lets a file be fetched with its signed link instead of a token, and nothing else without one", async () => {
    const doc = (
      await server.api.get<{
        security: unknown[];
        paths: Record<string, Record<string, { security?: unknown[] }>>;
      }>("/api/docs/json")
    ).body;
    const file = doc.paths["/api/forms/{id}/files/{fileId}"]?.get;
    expect(file?.security).toEqual(expect.arrayContaining([...doc.security, {}]));
    expect(doc.security).not.toContainEqual({});
    expect(doc.paths["/api/forms/{id}"]?.get?.security ?? doc.security).not.toContainEqual({});
  });
});
