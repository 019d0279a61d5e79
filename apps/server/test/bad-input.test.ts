import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../src/app.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "bad"));
});
afterAll(() => server.close());

describe("bad input", () => {
  it.each([
    ["malformed JSON", "POST", "/api/login", '{"username": "x", ', 400, "request.malformed_json"],
    [
      "malformed JSON on a public route",
      "POST",
      "/api/forms/answer",
      "{not json}",
      400,
      "request.malformed_json",
    ],
    [
      "oversized body",
      "POST",
      "/api/forms/answer",
      JSON.stringify({ formId: 1, answers: [{ fieldId: "a", answer: "x".repeat(BODY_LIMIT_BYTES) }] }),
      413,
      "request.too_large",
    ],
    [
      "wrong types",
      "POST",
      "/api/forms/answer",
      JSON.stringify({ formId: "one", answers: "none" }),
      400,
      "request.invalid",
    ],
    [
      "unknown form",
      "POST",
      "/api/forms/answer",
      JSON.stringify({ formId: 424242, answers: [] }),
      404,
      "form.not_found",
    ],
    ["non-numeric id", "GET", "/api/forms/abc", undefined, 400, "request.invalid"],
    ["huge id", "GET", "/api/forms/99999999999999999999", undefined, 400, "request.invalid"],
    [
      "page size over the limit",
      "GET",
      "/api/forms/1/answer/paginated/1/100000",
      undefined,
      400,
      "request.invalid",
    ],
    [
      "unknown sort key",
      "GET",
      "/api/forms/1/answer/paginated/1/10?sortBy=password",
      undefined,
      400,
      "request.invalid",
    ],
    ["unknown route", "GET", "/api/no/such/route", undefined, 404, "not_found"],
  ])("%s → %i %s, and the server stays up", async (_name, method, url, body, status, code) => {
    const response = await api.request(
      method,
      url,
      body,
      body === undefined ? {} : { "content-type": "application/json" },
    );
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, message: expect.any(String) });
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
    expect((await server.api.get("/api/health")).status).toBe(200);
  });

  it("a form body with the wrong shape changes nothing", async () => {
    const before = await api.get<{ forms: unknown[] }>("/api/forms/account");
    const response = await api.post("/api/forms", { title: 12, fields: "nope" });
    expect(response.status).toBe(400);
    expect((await api.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toEqual(before.body.forms);
  });
});
