import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/connect.ts";
import { answerUnparsable } from "../src/http/security.ts";
import { loadSettings } from "../src/settings.ts";
import { ApiClient, freshDatabaseTarget, sampleForm, signUpWithAccount } from "./harness.ts";

/**
 * How the server answers as production software: security headers on every kind of response,
 * compressed text, and caching that keeps API answers out of shared caches.
 */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body arrives as sent: fetch would decompress it and hide the encoding. */
function raw(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body).toString();
  if (encoding === "gzip") return gunzipSync(response.body).toString();
  return response.body.toString();
}

/** A built web app in miniature: the two pages and hashed assets large enough to compress. */
function fixtureWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "formloom-web-"));
  mkdirSync(path.join(dir, "assets"));
  const page = (script: string) =>
    `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head>` +
    `<body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
  writeFileSync(path.join(dir, "index.html"), page("main-Ab12Cd34.js"));
  writeFileSync(path.join(dir, "fill.html"), page("fill-Ef56Gh78.js"));
  writeFileSync(path.join(dir, "embed.js"), `(() => {})();\n`);
  writeFileSync(path.join(dir, "assets/main-Ab12Cd34.js"), `console.log("app");\n`.repeat(200));
  writeFileSync(path.join(dir, "assets/fill-Ef56Gh78.js"), `console.log("fill");\n`.repeat(200));
  writeFileSync(path.join(dir, "assets/main-Ij90Kl12.css"), `.root { color: red; }\n`.repeat(200));
  // Copies compressed at build time (scripts/start.mjs); their text differs, to tell them apart.
  writeFileSync(path.join(dir, "assets/vendor-Mn34Op56.js"), `console.log("plain");\n`.repeat(200));
  writeFileSync(
    path.join(dir, "assets/vendor-Mn34Op56.js.br"),
    brotliCompressSync(`console.log("br copy");`),
  );
  writeFileSync(path.join(dir, "assets/vendor-Mn34Op56.js.gz"), gzipSync(`console.log("gz copy");`));
  // A name that travels encoded, a compressed file that is no copy, and what the build keeps for itself.
  writeFileSync(path.join(dir, "assets/café-Qr78St90.js"), `console.log("café");\n`);
  writeFileSync(path.join(dir, "assets/data-Uv12Wx34.csv.gz"), gzipSync("a,b\n1,2\n"));
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, ".vite/manifest.json"), `{"index.html":{}}`);
  return dir;
}

async function startServer(env: Record<string, string>, webDist: string) {
  const target = await freshDatabaseTarget();
  const settings = {
    ...loadSettings({
      DATA_DIR: target.dataDir,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...env,
    }),
    webDist,
  };
  const database = await openDatabase(settings);
  const app = await buildApp(settings, database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
      await target.drop();
    },
  };
}

let webDist: string;
let server: Awaited<ReturnType<typeof startServer>>;
let formUrl: string;
let token: string;

beforeAll(async () => {
  webDist = fixtureWebApp();
  server = await startServer({}, webDist);
  const { api } = await signUpWithAccount(new ApiClient(server.url), "serving");
  token = api.token ?? "";
  const created = await api.post<{ form: { id: number } }>("/api/forms", sampleForm);
  if (created.status !== 201) throw new Error(`form create failed: ${created.text}`);
  formUrl = `/api/forms/${created.body.form.id}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

function cspOf(response: RawResponse): Map<string, string> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values.join(" ")];
      }),
  );
}

describe("security headers", () => {
  const everyKind = (): Array<[string, () => Promise<RawResponse>]> => [
    ["API JSON", () => raw(`${server.url}/api/health`)],
    ["an authorised API answer", () => raw(`${server.url}${formUrl}`, { authorization: `Bearer ${token}` })],
    ["the app page", () => raw(`${server.url}/`)],
    ["an app route", () => raw(`${server.url}/forms/1/overview`)],
    ["a hashed asset", () => raw(`${server.url}/assets/main-Ab12Cd34.js`)],
    ["the public form page", () => raw(`${server.url}/f/event-feedback?a=demo`)],
    ["an API 404", () => raw(`${server.url}/api/no-such-route`)],
    [
      "an API 400",
      () => raw(`${server.url}/api/login`, { "content-type": "application/json" }, "POST", "{not json"),
    ],
    ["the API docs", () => raw(`${server.url}/api/docs/`)],
  ];

  it("carries a script policy without inline script, nosniff and a referrer policy on every kind of response", async () => {
    for (const [kind, load] of everyKind()) {
      const response = await load();
      const csp = cspOf(response);
      expect(csp.get("script-src"), kind).toBe("'self'");
      expect(csp.get("default-src"), kind).toBe("'self'");
      expect(csp.get("object-src"), kind).toBe("'none'");
      expect(response.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(response.headers["referrer-policy"], kind).toBe("no-referrer");
      // Plain HTTP without PUBLIC_URL: no HSTS, and nothing upgrades requests to HTTPS.
      expect(response.headers["strict-transport-security"], kind).toBeUndefined();
      expect(csp.has("upgrade-insecure-requests"), kind).toBe(false);
    }
    expect((await raw(`${server.url}/api/no-such-route`)).status).toBe(404);
    expect(
      (await raw(`${server.url}/api/login`, { "content-type": "application/json" }, "POST", "{")).status,
    ).toBe(400);
  });

  it("refuses framing everywhere but the public form page, which any site may embed", async () => {
    for (const [kind, load] of everyKind()) {
      const response = await load();
      const csp = cspOf(response);
      if (kind === "the public form page") {
        expect(csp.get("frame-ancestors"), kind).toBe("*");
        // Authors link their forms' pictures from anywhere.
        expect(csp.get("img-src")?.split(" "), kind).toContain("https:");
        expect(response.headers["x-frame-options"], kind).toBeUndefined();
        expect(response.headers["cross-origin-resource-policy"], kind).toBe("cross-origin");
      } else {
        expect(csp.get("frame-ancestors"), kind).toBe("'none'");
        expect(response.headers["x-frame-options"], kind).toBe("DENY");
      }
    }
    const page = await raw(`${server.url}/f/event-feedback?a=demo`);
    expect(page.body.toString()).toContain("fill-Ef56Gh78.js");
  });

  it("lets other sites load the embed script that frames the public form, and nothing else of the app", async () => {
    const script = await raw(`${server.url}/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    // A page on another origin loads it with <script src>: a same-origin resource policy would block it.
    expect(script.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const app = await raw(`${server.url}/assets/main-Ab12Cd34.js`);
    expect(app.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("answers an undecodable URL as a bad request with the same headers, before any route", async () => {
    for (const url of ["/%%", "/api/forms/%E0%A4%A"]) {
      const response = await raw(`${server.url}${url}`);
      expect(response.status, url).toBe(400);
      expect(JSON.parse(response.body.toString()), url).toMatchObject({ code: "request.invalid" });
      const csp = cspOf(response);
      expect(csp.get("script-src"), url).toBe("'self'");
      expect(csp.get("frame-ancestors"), url).toBe("'none'");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("answers an address or headers too long for the server in the API's error shape", async () => {
    const long = await fetch(`${server.url}/api/forms/account?filters=${"%5B".repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(long.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await long.json()).toMatchObject({ code: "request.headers_too_large" });
  });

  it("answers a request that came too slowly with 408 in the API's error shape, then closes", async () => {
    // What Node hands the handler when a request's headers or body outlast its timeouts.
    const timedOut = Object.assign(new Error("Request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
    const listener = net.createServer((socket) => answerUnparsable(timedOut, socket));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = listener.address() as net.AddressInfo;
      const client = net.connect(port, "127.0.0.1");
      client.write("POST /api/forms/answer HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{");
      const chunks: Buffer[] = [];
      client.on("data", (chunk: Buffer) => chunks.push(chunk));
      // Closed by the server, though this client never closes its side.
      await new Promise((resolve) => client.once("close", resolve));
      const [head = "", body = ""] = Buffer.concat(chunks).toString().split("\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 408 /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body)).toMatchObject({ code: "request.timeout" });
    } finally {
      listener.close();
    }
  });

  it("sends HSTS only for HTTPS: PUBLIC_URL https, or a trusted proxy's X-Forwarded-Proto", async () => {
    const forged = await raw(`${server.url}/api/health`, { "x-forwarded-proto": "https" });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();

    const behindProxy = await startServer({ TRUST_PROXY: "127.0.0.1" }, webDist);
    const published = await startServer({ PUBLIC_URL: "https://forms.example.com" }, webDist);
    try {
      const proxied = await raw(`${behindProxy.url}/`, { "x-forwarded-proto": "https" });
      expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000");
      expect(cspOf(proxied).has("upgrade-insecure-requests")).toBe(true);
      const plain = await raw(`${behindProxy.url}/`);
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      const viaPublicUrl = await raw(`${published.url}/api/health`);
      expect(viaPublicUrl.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await Promise.all([behindProxy.close(), published.close()]);
    }
  });
});

describe("compression", () => {
  const texts = (): Array<[string, string, Record<string, string>]> => [
    ["JSON", formUrl, { authorization: `Bearer ${token}` }],
    ["the app page", "/", {}],
    ["the public form page", "/f/event-feedback?a=demo", {}],
    ["JavaScript", "/assets/main-Ab12Cd34.js", {}],
    ["CSS", "/assets/main-Ij90Kl12.css", {}],
  ];

  it("answers brotli or gzip as the client accepts, for JSON, HTML, JavaScript and CSS", async () => {
    for (const [kind, url, headers] of texts()) {
      const plain = await raw(`${server.url}${url}`, { ...headers, "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"], kind).toBeUndefined();
      expect(plain.body.length, `${kind} is large enough to compress`).toBeGreaterThan(1024);
      for (const encoding of ["br", "gzip"]) {
        const response = await raw(`${server.url}${url}`, { ...headers, "accept-encoding": encoding });
        expect(response.status, kind).toBe(200);
        expect(response.headers["content-encoding"], `${kind} in ${encoding}`).toBe(encoding);
        expect(response.headers.vary, kind).toMatch(/accept-encoding/i);
        expect(response.body.length, kind).toBeLessThan(plain.body.length);
        expect(decoded(response), kind).toBe(plain.body.toString());
      }
    }
  });

  it("sends the copies compressed at build time as they are", async () => {
    for (const encoding of ["br", "gzip"]) {
      const response = await raw(`${server.url}/assets/vendor-Mn34Op56.js`, { "accept-encoding": encoding });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(decoded(response)).toBe(`console.log("${encoding === "br" ? "br" : "gz"} copy");`);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const plain = await raw(`${server.url}/assets/vendor-Mn34Op56.js`, { "accept-encoding": "identity" });
    expect(plain.body.toString()).toContain('console.log("plain");');
  });

  it("serves the built files under their own names only: not another spelling, not a copy's name", async () => {
    for (const url of [
      "/assets/MAIN-Ab12Cd34.js",
      "/assets/main-ab12cd34.js",
      "/assets/vendor-Mn34Op56.js.br",
      "/assets/vendor-Mn34Op56.js.gz",
      "/assets/no-such-file.js",
    ]) {
      const response = await raw(`${server.url}${url}`, { "accept-encoding": "br" });
      expect(response.status, url).toBe(404);
      expect(response.body.toString(), url).not.toContain("console.log");
    }
    expect((await raw(`${server.url}/assets/main-Ab12Cd34.js`)).status).toBe(200);
    expect((await raw(`${server.url}/embed.js`)).status).toBe(200);
    const encoded = await raw(`${server.url}/assets/caf%C3%A9-Qr78St90.js`);
    expect(encoded.status).toBe(200);
    expect(encoded.body.toString()).toContain("café");
    expect((await raw(`${server.url}/assets/data-Uv12Wx34.csv.gz`)).status).toBe(200);
    expect((await raw(`${server.url}/.vite/manifest.json`)).body.toString()).not.toContain('"index.html":{}');
    expect((await raw(`${server.url}/assets/%E0%A4%A.js`)).status).toBe(400);
  });

  it("answers HEAD as GET: the app's pages and its files", async () => {
    for (const url of ["/", "/forms/1/overview", "/assets/main-Ab12Cd34.js"]) {
      const head = await raw(`${server.url}${url}`, {}, "HEAD");
      expect(head.status, url).toBe(200);
      expect(head.headers["content-type"], url).toMatch(url.endsWith(".js") ? /javascript/ : /text\/html/);
      expect(head.body.length, url).toBe(0);
    }
  });
});

describe("caching", () => {
  it("marks API answers no-store, success and error alike", async () => {
    for (const [url, headers] of [
      ["/api/health", {}],
      [formUrl, { authorization: `Bearer ${token}` }],
      [formUrl, {}],
      ["/api/no-such-route", {}],
    ] as const) {
      const response = await raw(`${server.url}${url}`, headers);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("keeps hashed assets for a year and revalidates the pages", async () => {
    const asset = await raw(`${server.url}/assets/main-Ab12Cd34.js`, { "accept-encoding": "br" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/", "/forms/1/overview", "/f/event-feedback?a=demo"]) {
      const page = await raw(`${server.url}${url}`);
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
  });
});
