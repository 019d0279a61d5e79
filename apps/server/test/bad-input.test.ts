import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../src/app.ts";
import {
  type ApiClient,
  addMember,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let userId: number;
let formId: number;
let alias: string;
let subdomain: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "bad"));
  userId = (await api.get<{ id: number }>("/api/user")).body.id;
  const form = await api.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", sampleForm);
  formId = form.body.form.id;
  alias = form.body.form.formPathAlias;
  subdomain = (await api.get<{ subdomain: string }>(`/api/account/${accountId}`)).body.subdomain;
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

  it("a method the path does not take → 405 request.method_not_allowed, saying the ones it does", async () => {
    const call = (method: string, url: string) =>
      fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${api.token}` } });
    const clone = await call("GET", `/api/forms/${formId}/clone`);
    expect(clone.status).toBe(405);
    expect(await clone.json()).toMatchObject({
      code: "request.method_not_allowed",
      message: expect.any(String),
    });
    expect(clone.headers.get("allow")).toBe("POST");
    const form = await call("POST", `/api/forms/${formId}`);
    expect(form.status).toBe(405);
    expect(form.headers.get("allow")).toBe("DELETE, GET, HEAD, PATCH");
    // A path no method takes is still not found.
    expect((await call("PUT", "/api/no/such/route")).status).toBe(404);
  });

  it("a body compressed with Content-Encoding → 415 request.unsupported_encoding, not a parse error", async () => {
    const { gzipSync } = await import("node:zlib");
    const sent = await fetch(`${server.url}/api/forms`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${api.token}`,
        "content-type": "application/json",
        "content-encoding": "gzip",
      },
      body: gzipSync(JSON.stringify({ title: "Packed" })),
    });
    expect(sent.status).toBe(415);
    expect(await sent.json()).toMatchObject({ code: "request.unsupported_encoding" });
    const identity = await fetch(`${server.url}/api/forms`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${api.token}`,
        "content-type": "application/json",
        "content-encoding": "identity",
      },
      body: JSON.stringify({ title: "Plain" }),
    });
    expect(identity.status).toBe(201);
  });

  it("a JSON body that is not valid UTF-8 → 400 request.invalid_characters, nothing stored in its place", async () => {
    const before = await api.get<{ forms: unknown[] }>("/api/forms/account");
    const bytes = Buffer.concat([Buffer.from('{"title":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const sent = await fetch(`${server.url}/api/forms`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
      body: bytes,
    });
    expect(sent.status).toBe(400);
    expect(await sent.json()).toMatchObject({ code: "request.invalid_characters" });
    expect((await api.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toEqual(before.body.forms);
    // Written as UTF-8, the same title is taken.
    const typed = await api.post<{ form: { title: string } }>("/api/forms", { title: "Café" });
    expect(typed.body.form.title).toBe("Café");
  });

  it("a form body with the wrong shape changes nothing", async () => {
    const before = await api.get<{ forms: unknown[] }>("/api/forms/account");
    const response = await api.post("/api/forms", { title: 12, fields: "nope" });
    expect(response.status).toBe(400);
    expect((await api.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toEqual(before.body.forms);
  });
});

/** Raw JSON text, so escapes such as a lone `\ud800` reach the server exactly as written. */
const json = { "content-type": "application/json" };

describe("input the database cannot store is refused in one place, before any route reads it", () => {
  const INVALID = "request.invalid_characters";
  const cases: Array<[string, () => [string, string, string | undefined]]> = [
    ["a NUL in an answer", () => ["POST", "/api/forms/answer", answerWith('"a\\u0000b"')]],
    ["a lone high surrogate in an answer", () => ["POST", "/api/forms/answer", answerWith('"a\\ud800b"')]],
    ["a lone low surrogate in an answer", () => ["POST", "/api/forms/answer", answerWith('"\\udc00"')]],
    ["a NUL in a form title", () => ["POST", "/api/forms", '{"title": "Survey\\u0000", "fields": []}']],
    ["a NUL in a profile field", () => ["POST", `/api/user/${userId}/edit`, '{"city": "Rome\\u0000"}']],
    [
      "a NUL in a key of the body",
      () => [
        "POST",
        "/api/forms/answer",
        `{"formId": ${formId}, "answers": [], "miscData": {"k\\u0000": 1}}`,
      ],
    ],
    [
      "a NUL in a sign-in name",
      () => ["POST", "/api/login", '{"username": "ann\\u0000", "password": "secret123"}'],
    ],
    ["%00 as the public form's alias", () => ["GET", `/api/forms/path/%00/${subdomain}`, undefined]],
    [
      "%00 inside the public form's alias",
      () => ["GET", `/api/forms/path/${alias}%00/${subdomain}`, undefined],
    ],
    ["%00 in an invitation code", () => ["GET", "/api/invitations/abc%00", undefined]],
    [
      "%00 in a query string",
      () => ["GET", `/api/forms/${formId}/answer/paginated/1/10?sortBy=id%00`, undefined],
    ],
    ["%00 in the web app's public form path", () => ["GET", "/f/%00", undefined]],
  ];
  it.each(cases)("%s → 400 request.invalid_characters", async (_name, request) => {
    const [method, url, body] = request();
    const response = await api.request(method, url, body, body === undefined ? {} : json);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ code: INVALID, message: expect.any(String) });
  });

  it("nesting deeper than any form needs → 400 request.too_deep", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const body = `{"formId": ${formId}, "answers": [{"fieldId": "name", "answer": ${deep}}]}`;
    const response = await api.request("POST", "/api/forms/answer", body, json);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ code: "request.too_deep" });
  });

  it("a well-formed emoji pair and other unicode are stored as sent", async () => {
    const answer = "Zoë 😀 — 名前";
    const sent = await api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer }],
    });
    expect(sent.status, sent.text).toBe(201);
    const stored = await api.get(`/api/forms/${formId}/answer/${sent.body.id}`);
    expect(stored.text).toContain(answer);
  });
});

describe("ids beyond PostgreSQL's int are refused as input, in paths and bodies alike", () => {
  const TOO_BIG = 2_147_483_648;
  it.each<[string, () => [string, string, unknown]]>([
    ["the form of a submission", () => ["POST", "/api/forms/answer", { formId: TOO_BIG, answers: [] }]],
    ["a form in the path", () => ["GET", `/api/forms/${TOO_BIG}`, undefined]],
    ["an account in the path", () => ["GET", `/api/account/${TOO_BIG}`, undefined]],
    ["an answer in the path", () => ["GET", `/api/forms/${formId}/answer/${TOO_BIG}`, undefined]],
    ["a page number", () => ["GET", `/api/forms/${formId}/answer/paginated/${TOO_BIG}/10`, undefined]],
    [
      "answers to mark read",
      () => ["PATCH", `/api/forms/${formId}/answer/status/read`, { answerIds: [TOO_BIG] }],
    ],
    ["answers to delete", () => ["DELETE", `/api/forms/${formId}/answer`, { answerIds: [1, TOO_BIG] }]],
    ["a form in a resources query", () => ["GET", `/api/account/resources?form_id=${TOO_BIG}`, undefined]],
  ])("%s → 400 request.invalid", async (_name, request) => {
    const [method, url, body] = request();
    const response = await api.request(method, url, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ code: "request.invalid" });
  });

  it("group members beyond int → 400 request.invalid", async () => {
    const group = await api.post<{ id: number }>("/api/account/group/create", { groupName: "Big ids" });
    for (const path of ["add", "remove"]) {
      const response = await api.post(`/api/account/group/${group.body.id}/users/${path}`, {
        userIds: [TOO_BIG],
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "request.invalid" });
    }
  });
});

describe("times and numbers PostgreSQL cannot store are refused by the schema, naming the field", () => {
  it.each<[string, () => [string, string, unknown], string]>([
    [
      "a start time in year 0",
      () => ["POST", "/api/forms/answer", { formId, startTime: "0000-01-01T00:00:00Z", answers: [] }],
      "startTime",
    ],
    [
      "a start time so early the fill time overflows",
      () => ["POST", "/api/forms/answer", { formId, startTime: "1900-01-01T00:00:00Z", answers: [] }],
      "startTime",
    ],
    [
      "a fill time past int",
      () => ["POST", "/api/forms/answer", { formId, formPassingTime: 1e300, answers: [] }],
      "formPassingTime",
    ],
    [
      "a report from year 0",
      () => ["GET", "/api/account/resources?date_from=0000-01-01", undefined],
      "date_from",
    ],
  ])("%s → 400", async (_name, request, field) => {
    const [method, url, body] = request();
    const response = await api.request<{ validationErrors?: Array<{ field: string; message: string }> }>(
      method,
      url,
      body,
    );
    expect(response.status, response.text).toBe(400);
    expect(response.body.validationErrors?.map((error) => error.field)).toContain(field);
    for (const error of response.body.validationErrors ?? [])
      expect(error.message).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
  });
});

describe("an update that names nothing to change is refused with request.empty", () => {
  it.each<[string, () => [string, string]]>([
    ["settings", () => ["PATCH", `/api/user/${userId}/settings`]],
    ["one's profile", () => ["POST", `/api/user/${userId}/edit`]],
    ["the account", () => ["PATCH", "/api/account/edit"]],
  ])("%s, with {} or only unknown keys → 400 request.empty, and nothing changes", async (_name, request) => {
    const [method, url] = request();
    for (const body of [{}, { nickname: "unknown key" }]) {
      const response = await api.request(method, url, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "request.empty", message: expect.any(String) });
    }
    expect((await server.api.get("/api/health")).status).toBe(200);
  });

  it("a member's {} on their own settings and profile is refused the same way", async () => {
    const member = await addMember(server, accountId, "empty");
    for (const url of [`/api/user/${member.id}/settings`, `/api/user/${member.id}/edit`]) {
      const response = await member.api.request(url.endsWith("settings") ? "PATCH" : "POST", url, {});
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "request.empty" });
    }
  });

  it("a body whose fields already hold their values → 200 with the profile unchanged", async () => {
    const member = await addMember(server, accountId, "same");
    const before = await api.get(`/api/user/${member.id}`);
    for (const [url, body] of [
      [`/api/user/${userId}/edit`, { isAccountAdmin: true }],
      [`/api/user/${member.id}/edit`, { isAccountAdmin: false }],
    ] as const) {
      const response = await api.post(url, body);
      expect(response.status, response.text).toBe(200);
    }
    expect((await api.get(`/api/user/${member.id}`)).body).toEqual(before.body);
  });

  it("a real change still goes through", async () => {
    const settings = await api.patch<{ locale: string }>(`/api/user/${userId}/settings`, { locale: "it" });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body.locale).toBe("it");
    const account = await api.patch<{ name: string }>("/api/account/edit", { name: "Renamed team" });
    expect(account.status, account.text).toBe(200);
    expect(account.body.name).toBe("Renamed team");
  });
});

function answerWith(answerJson: string): string {
  return `{"formId": ${formId}, "answers": [{"fieldId": "name", "answer": ${answerJson}}]}`;
}
