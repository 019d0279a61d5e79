import type { Socket } from "node:net";
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { MESSAGES } from "@formloom/core/errors";
import { VIDEO_EMBED_ORIGINS } from "@formloom/core/media-embeds";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Settings } from "../settings.ts";

type Directives = Record<string, string[] | null>;

const SELF = "'self'";
const NONE = "'none'";

/**
 * The signed-in app: only our own script files run (the built pages carry no inline script),
 * it talks to its own origin only, and no other site may frame it.
 */
const APP: Directives = {
  "default-src": [SELF],
  "script-src": [SELF],
  "script-src-attr": [NONE],
  // Mantine writes its theme's CSS variables into <style> elements in the browser and its
  // components set style attributes computed at run time, so no hash list can cover them.
  // Inline style cannot run code; inline script stays forbidden.
  "style-src": [SELF, "'unsafe-inline'"],
  // The favicon is a data: URL; an avatar being chosen is previewed from a blob: URL. Forms show
  // pictures their authors link from anywhere (options, promos), in the builder and to respondents;
  // a picture runs no code, and plain http: ones stay out of an https page.
  "img-src": [SELF, "data:", "blob:", "https:"],
  "font-src": [SELF, "data:"],
  // A question may show a video or audio its author links from anywhere; like a picture, it runs no code.
  "media-src": [SELF, "blob:", "https:"],
  // A question's video linked from a video site's page plays in that site's player (core media-embeds).
  "frame-src": [...VIDEO_EMBED_ORIGINS],
  "connect-src": [SELF],
  "object-src": [NONE],
  "base-uri": [SELF],
  "form-action": [SELF],
  "frame-ancestors": [NONE],
};

/** The public form page is meant to be embedded in respondents' own sites. */
const PUBLIC_FORM: Directives = { ...APP, "frame-ancestors": ["*"] };

/**
 * Swagger UI: its page loads only script files of its own (no inline script) and styles itself
 * with inline styles, like the app; "Try it out" calls our API. It is ours to frame, no one else's.
 */
const API_DOCS: Directives = { ...APP, "img-src": [SELF, "data:"] };

export type PagePolicy = "app" | "public-form" | "api-docs";

/**
 * Which policy a path gets: the public form page stays embeddable, and the embed script other
 * sites load to frame it may be read across origins; everything else refuses framing.
 */
export function policyFor(url: string): PagePolicy {
  if (url.startsWith("/f/") || url === "/embed.js" || url.startsWith("/embed.js?")) return "public-form";
  if (url === "/api/docs" || url.startsWith("/api/docs/") || url.startsWith("/api/docs?")) return "api-docs";
  return "app";
}

const DIRECTIVES: Record<PagePolicy, Directives> = {
  app: APP,
  "public-form": PUBLIC_FORM,
  "api-docs": API_DOCS,
};

/** A year, the usual HSTS lifetime; subdomains are left out since they may belong to other services. */
const HSTS = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false };

/** Helmet's headers for a policy, over HTTPS or not. */
function helmetOptions(policy: PagePolicy, https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...DIRECTIVES[policy],
        // Only over HTTPS: on a plain-HTTP install (a LAN address) it would break every asset.
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? HSTS : false,
    xFrameOptions: policy === "public-form" ? false : { action: "deny" },
    // An embedding site that isolates itself (COEP) may still load the form page.
    crossOriginResourcePolicy: { policy: policy === "public-form" ? "cross-origin" : "same-origin" },
    referrerPolicy: { policy: "no-referrer" },
  };
}

type SetHeaders = ReturnType<typeof helmet>;

/**
 * Helmet's middleware for each policy and scheme, built once: building one parses its policy and
 * formats every header, which per request was a twentieth of a submission's time.
 */
const HEADERS = Object.fromEntries(
  (Object.keys(DIRECTIVES) as PagePolicy[]).map((policy) => [
    policy,
    { http: helmet(helmetOptions(policy, false)), https: helmet(helmetOptions(policy, true)) },
  ]),
) as Record<PagePolicy, { http: SetHeaders; https: SetHeaders }>;

const afterHeaders = (error?: unknown) => {
  if (error) throw error;
};

/**
 * Security headers on every response, compression of text answers, and `no-store` on API
 * answers so no shared cache keeps one user's data. Registered before the routes: the compression
 * plugin attaches itself to routes as those are added.
 */
export async function installSecurity(app: FastifyInstance, settings: Settings): Promise<void> {
  const publicUrlIsHttps = settings.publicUrl?.startsWith("https:") ?? false;
  const isHttps = (request: FastifyRequest) => publicUrlIsHttps || request.protocol === "https";

  // The headers depend on the path and the scheme, so each request gets the set made for both.
  app.addHook("onRequest", async (request, reply) => {
    const policy = policyFor(request.url);
    HEADERS[policy][isHttps(request) ? "https" : "http"](request.raw, reply.raw, afterHeaders);
    if (request.url.startsWith("/api/") && policy !== "api-docs") reply.header("cache-control", "no-store");
  });

  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    // Requests are not decompressed: no client of ours sends compressed bodies, and a small
    // compressed body could otherwise expand far past what the body limit meant to allow.
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** The app's policy as one header value, for answers sent where helmet does not run. */
const APP_POLICY = Object.entries(APP)
  .map(([name, values]) => [name, ...(values ?? [])].join(" "))
  .join(";");

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/%%`) or a parameter past its length is
 * answered before routing, so before every hook. Answered here like every other bad request: with
 * the API's error shape and the headers every other answer carries.
 */
export function answerBeforeRouting(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : error.code === "FST_ERR_BAD_URL" ? 400 : 500;
  const code = status === 500 ? "server.error" : "request.invalid";
  return reply
    .status(status)
    .headers({
      "content-security-policy": APP_POLICY,
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    })
    .send({ code, message: MESSAGES[code] });
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse at all (an address or headers past
 * its 16 KB, a broken request line) gets the API's error shape, not Node's own body.
 */
export function answerUnparsable(error: Error & { code?: string }, socket: Socket): void {
  // A response already begun on this connection cannot be followed by another.
  const begun = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === "ECONNRESET" || !socket.writable || begun) {
    socket.destroy();
    return;
  }
  const [status, code] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? (["431 Request Header Fields Too Large", "request.headers_too_large"] as const)
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? (["408 Request Timeout", "request.timeout"] as const)
        : (["400 Bad Request", "request.invalid"] as const);
  const body = JSON.stringify({ code, message: MESSAGES[code] });
  // Closed once the answer is out, whether or not the client closes its side.
  socket.end(
    `HTTP/1.1 ${status}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Security-Policy: ${APP_POLICY}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * Lets this page's forms lead to `url`'s site: a form the browser posts itself (a page without its
 * script) is sent on to the author's redirect link, and browsers hold that redirect to the page's
 * form-action as they hold the post. Only the site of the link the form's author set is added.
 */
export function allowFormActionTo(reply: FastifyReply, url: string): void {
  const origin = new URL(url).origin;
  const policy = reply.raw.getHeader("content-security-policy");
  if (typeof policy !== "string" || origin === "null") return;
  reply.raw.setHeader(
    "content-security-policy",
    policy.replace(
      /(^|;)\s*form-action ([^;]*)/,
      (_whole, start: string, sources: string) => `${start}form-action ${sources} ${origin}`,
    ),
  );
}
