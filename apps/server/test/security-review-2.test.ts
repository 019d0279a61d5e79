import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "./fake-google.ts";
import {
  type ApiClient,
  registerUser,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/** Low findings of an outside review: each refused or answered as the review asked. */

let google: FakeGoogle;
let server: TestServer;
let admin: ApiClient;
let subdomain: string;
let formId: number;
let formAlias: string;

const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer(google.env);
  ({ api: admin, subdomain } = await signUpWithAccount(server.api, "review"));
  const created = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    title: "Review",
    fields: [
      { id: "name", fieldType: "text", question: "Name" },
      { id: "doc", fieldType: "file", question: "Receipt" },
    ],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  formAlias = created.body.form.formPathAlias;
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

describe("the Google consent's way back", () => {
  /** Goes through the consent as a browser would and answers where the server sends it at the end. */
  async function returnAfterConsent(returnTo: string): Promise<string> {
    const login = await admin.get<{ url: string }>(
      `/api/user/google-api-login?return_to=${encodeURIComponent(returnTo)}`,
    );
    expect(login.status, login.text).toBe(200);
    const consent = await fetch(login.body.url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const done = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(done.status).toBe(303);
    return done.headers.get("location")!;
  }

  it("never leaves the site, however the return path is spelled", async () => {
    for (const spelling of [
      "/.//evil.example/x",
      "/./\\evil.example/x",
      "/%2e//evil.example/x",
      "/x/..//evil.example/x",
      "/./\t/evil.example/x",
      "/\n.//evil.example/x",
      "//evil.example/x",
      "/\\evil.example/x",
      "\\/evil.example/x",
      "https://evil.example/x",
    ]) {
      const location = await returnAfterConsent(spelling);
      const target = new URL(location, server.url);
      expect(target.origin, `${JSON.stringify(spelling)} -> ${location}`).toBe(server.url);
      expect(location, JSON.stringify(spelling)).toMatch(/^\/(?![/\\])/);
    }
  });

  it("still returns to a path of the site, with its query", async () => {
    expect(await returnAfterConsent("/forms/7/results?export=google_sheets")).toBe(
      "/forms/7/results?export=google_sheets&google=connected",
    );
    expect(await returnAfterConsent("/a/./b/../c")).toBe("/a/c?google=connected");
  });
});

describe("malformed multipart bodies", () => {
  const malformed = [
    {
      name: "a JSON body under a made-up boundary",
      type: "multipart/form-data; boundary=x",
      body: '{"a":1}',
    },
    { name: "no boundary", type: "multipart/form-data", body: "--x\r\n\r\n" },
  ];

  async function send(path: string, type: string, body: string, token?: string) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }

  for (const { name, type, body } of malformed) {
    it(`answers 400 to ${name} on every upload`, async () => {
      for (const [path, token] of [
        [`/api/forms/upload_file?formId=${formId}&fieldId=doc`, undefined],
        ["/api/forms/import", admin.token],
        ["/api/user/upload_file", admin.token],
      ] as const) {
        const answer = await send(path, type, body, token);
        expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.code, path).toBe("request.malformed_multipart");
      }
    });
  }

  it("does not count a malformed upload against the uploader's limit", async () => {
    // More malformed tries than one address may upload in the window.
    for (let i = 0; i < 61; i++) {
      const answer = await send(
        `/api/forms/upload_file?formId=${formId}&fieldId=doc`,
        malformed[0]!.type,
        "{}",
      );
      expect(answer.status).toBe(400);
    }
    const body = new FormData();
    body.append("formId", String(formId));
    body.append("fieldId", "doc");
    // The filling the upload belongs to, as the public page names it.
    body.append("key", "review-filling-1");
    body.append("file", new Blob([PNG], { type: "image/png" }), "receipt.png");
    const real = await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body });
    expect(real.status, await real.clone().text()).toBe(201);
  });
});

describe("webhook endpoints with an IPv4 address inside IPv6", () => {
  it("refuses IPv4-compatible, mapped, NAT64 and 6to4 forms of private addresses, and what it cannot classify", async () => {
    for (const endpoint of [
      "http://[::127.0.0.1]/",
      "http://[::7f00:1]/",
      "http://[::a00:1]/",
      "http://[::ffff:0:a00:1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://[64:ff9b:1::a00:1]/",
      "http://[2002:a00:1::1]/",
      "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
      "http://[4000::1]/",
      "http://[::2]/",
    ]) {
      const refused = await admin.post(`/api/forms/${formId}/webhooks`, { title: "Hook", endpoint });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.code, endpoint).toBe("webhook.endpoint.forbidden");
    }
  });

  it("still saves a public IPv6 address, and a public IPv4 address reached through NAT64", async () => {
    for (const endpoint of ["http://[2606:4700:4700::1111]/", "http://[64:ff9b::5db8:d822]/"]) {
      const saved = await admin.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
        title: "Hook",
        endpoint,
        enabled: false,
      });
      expect(saved.status, `${endpoint}: ${saved.text}`).toBe(200);
      await admin.delete(`/api/forms/${formId}/webhooks/${saved.body.id}`);
    }
  });
});

describe("CSV cells a spreadsheet of another locale would split or run", () => {
  it("quotes a text with a separator of any common locale, or a formula behind blanks", async () => {
    const texts = [";=1+1", " =1+1", "\u00a0+2", "a\t=2", "x,=3"];
    for (const text of texts) {
      const sent = await server.api.post("/api/forms/answer", {
        formId,
        answers: [{ fieldId: "name", answer: text }],
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const file = await admin.request("GET", `/api/forms/${formId}/answers/export/csv?settings=answers`);
    expect(file.status).toBe(200);
    for (const text of texts) expect(file.text, JSON.stringify(text)).toContain(`"${text}"`);
    // Every other cell: a separator never starts a cell of its own.
    for (const line of file.text.split("\n").slice(1)) expect(line).not.toMatch(/(^|,);/);
  });
});

describe("access tokens after a password change or signing out everywhere", () => {
  it("refuses the old access token once the password changed, and takes the new one", async () => {
    const old = await registerUser(server.api, "mover");
    const person = server.api.as(old.token);
    expect((await person.get("/api/user")).status).toBe(200);
    const changed = await person.post<{ token: string; refresh_token: string }>("/api/update-password", {
      currentPassword: "secret123",
      password: "brand-new-2",
      passwordConfirmation: "brand-new-2",
    });
    expect(changed.status, changed.text).toBe(200);
    const refused = await person.get("/api/user");
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("token.invalid");
    expect((await server.api.as(changed.body.token).get("/api/user")).status).toBe(200);
  });

  it("signs out every device at once: access and refresh tokens alike, this one's included", async () => {
    const laptop = await registerUser(server.api, "leaver");
    const username = (await server.api.as(laptop.token).get<{ username: string }>("/api/user")).body.username;
    const phone = (
      await server.api.post<{ token: string; refresh_token: string }>("/api/login", {
        username,
        password: "secret123",
      })
    ).body;
    expect((await server.api.as(phone.token).get("/api/user")).status).toBe(200);
    // A refresh token no one holds signs no one out.
    const stranger = await server.api.post("/api/logout", { refresh_token: "not-a-token", everywhere: true });
    expect(stranger.status).toBe(204);
    expect((await server.api.as(phone.token).get("/api/user")).status).toBe(200);

    const out = await server.api.post("/api/logout", {
      refresh_token: laptop.refresh_token,
      everywhere: true,
    });
    expect(out.status, out.text).toBe(204);
    for (const tokens of [laptop, phone]) {
      const refused = await server.api.as(tokens.token).get("/api/user");
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("token.invalid");
      expect((await server.api.post("/api/refresh", { refresh_token: tokens.refresh_token })).status).toBe(
        401,
      );
    }
    // Signing in again works, with a token of the new generation.
    const again = await server.api.post<{ token: string }>("/api/login", { username, password: "secret123" });
    expect(again.status, again.text).toBe(200);
    expect((await server.api.as(again.body.token).get("/api/user")).status).toBe(200);
  });
});

describe("the public page's own address", () => {
  /** The page as asked for under a Host header of the caller's choosing. */
  function pageUnderHost(host: string): Promise<string> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const asked = httpRequest(
        { host: "127.0.0.1", port, path: `/f/${formAlias}?a=${subdomain}`, headers: { host } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => resolve(text));
        },
      );
      asked.on("error", reject);
      asked.end();
    });
  }

  it("names the configured address in og:url, never the Host header a caller sent", async () => {
    if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
    const html = await pageUnderHost("evil.example");
    const ogUrl = /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];
    expect(html).not.toContain("evil.example");
    expect(ogUrl).toBe(`${server.settings.linkBase}/f/${formAlias}?a=${subdomain}`);
  });
});

describe("addresses an author puts into a form", () => {
  const unsafe = [
    "javascript:alert(document.cookie)",
    " JaVa\tScRiPt:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
  ];
  const file = (url: string) => ({ file: { url, name: "Terms.pdf", size: 10, mimeType: "application/pdf" } });
  const pictureField = (image: string) => ({
    id: "pick",
    fieldType: "imageChoice",
    question: "Pick one",
    fieldSettings: { answerVariants: [{ id: "a", title: "A", image }] },
  });

  it("refuses a script or data address in the form's files or an image option's picture", async () => {
    for (const url of unsafe) {
      const created = await admin.post("/api/forms", { title: "Files", formFiles: [file(url)] });
      expect(created.status, `${url}: ${created.text}`).toBe(400);
      expect(created.body.code).toBe("form.url.unsafe");
      const changed = await admin.patch(`/api/forms/${formId}`, { fields: [pictureField(url)] });
      expect(changed.status, `${url}: ${changed.text}`).toBe(400);
      expect(changed.body.code).toBe("form.url.unsafe");
    }
    const imported = new FormData();
    imported.append(
      "file",
      new Blob([JSON.stringify({ title: "Imported", fields: [pictureField(unsafe[0]!)] })], {
        type: "application/json",
      }),
      "form.json",
    );
    const refused = await fetch(`${server.url}/api/forms/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: imported,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("form.url.unsafe");
    // A picture carried in the address itself is drawn as an image, which runs nothing.
    const inline = await admin.patch(`/api/forms/${formId}`, {
      fields: [pictureField("data:image/png;base64,iVBORw0KGgo=")],
    });
    expect(inline.status, inline.text).toBe(200);
  });

  it("keeps http(s) addresses and paths of this site", async () => {
    const created = await admin.post("/api/forms", {
      title: "Files",
      formFiles: [file("https://cdn.example.com/terms.pdf"), file("/api/forms/1/files/abc")],
      fields: [pictureField("http://cdn.example.com/a.png")],
    });
    expect(created.status, created.text).toBe(201);
  });
});
