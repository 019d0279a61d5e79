import { type TGoogleAccount, ZGoogleAccount, ZGoogleLogin } from "@formloom/core/api/exports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireUser } from "../../http/context.ts";
import { badRequest } from "../../http/errors.ts";
import {
  connectionOf,
  disconnect,
  finishAuthorization,
  type GoogleAccess,
  googleConfigured,
  redirectUri,
  startAuthorization,
} from "./google-account.ts";

/** Where return paths are resolved: only an address that stays at this origin is kept. */
const SITE = new URL("http://site.invalid");

/**
 * Only a path of this site is returned to after the consent. The path is first resolved as a
 * browser would resolve it (tabs and newlines dropped, backslashes read as slashes, dot
 * segments removed), so `/.//evil.example` is seen as the `//evil.example` it becomes; what then
 * names another origin, or a path that starts with two slashes, returns to the start page.
 */
function localPath(value: string | undefined): string {
  if (!value?.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return "/";
  }
  if (url.origin !== SITE.origin || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path, checked again, with the consent's outcome added to its query. */
function withOutcome(path: string, outcome: "connected" | "failed"): string {
  const url = new URL(localPath(path), SITE);
  url.searchParams.set("google", outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Connecting a user's own Google account for exports to Google Sheets (platform.md §7): the
 * consent's address, Google's way back with the code, the state of the connection, and
 * disconnecting. The tokens stay on the server; the browser only learns whether it is connected.
 */
export function googleAccountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["users"];
  const access: GoogleAccess = { db: deps.db, secrets: deps.secrets, google: deps.settings.google };
  const callback = redirectUri(deps.settings.linkBase);

  const status = async (userId: number): Promise<TGoogleAccount> => {
    const row = await connectionOf(deps.db, userId);
    return {
      configured: googleConfigured(deps.settings.google),
      connected: row !== undefined,
      connectedAt: row?.connectedAt.toISOString() ?? null,
    };
  };

  r.get(
    "/user/google-account",
    {
      schema: {
        tags,
        description:
          "Whether the server can connect Google accounts and whether the caller connected theirs.",
        response: { 200: ZGoogleAccount },
      },
    },
    async (request) => status((await requireUser(deps, request)).user.id),
  );

  r.get(
    "/user/google-api-login",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Begins connecting the caller's Google account (OAuth 2.0 authorization code with PKCE, scope " +
          "spreadsheets only): the address of Google's consent page, which returns to google-get-token and " +
          "then to return_to (a path of this site) with google=connected or google=failed.",
        querystring: z.object({ return_to: z.string().max(1000).optional() }),
        response: { 200: ZGoogleLogin },
      },
    },
    async (request) => {
      const ctx = await requireUser(deps, request);
      if (!googleConfigured(deps.settings.google)) throw badRequest("export.google.not_configured");
      const url = await startAuthorization(access, ctx.user.id, localPath(request.query.return_to), callback);
      return { url };
    },
  );

  r.get(
    "/user/google-get-token",
    {
      // Google sends the browser here: the single-use state, not a sign-in, says whose consent it is.
      config: { public: true },
      schema: {
        tags,
        description:
          "Where Google's consent returns: exchanges the code (with the PKCE verifier of the state it " +
          "belongs to) for the user's tokens and redirects back. An unknown, used or expired state connects nothing.",
        querystring: z.object({
          state: z.string().max(200).optional(),
          code: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { state, code, error } = request.query;
      const outcome = state ? await finishAuthorization(access, { state, code, error }, callback) : null;
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      const target = outcome
        ? withOutcome(outcome.returnTo, outcome.connected ? "connected" : "failed")
        : withOutcome("/", "failed");
      return reply.redirect(target, 303);
    },
  );

  r.get(
    "/user/google-account-logout",
    {
      schema: {
        tags,
        description: "Disconnects the caller's Google account: its tokens are deleted from the server.",
        response: { 200: ZGoogleAccount },
      },
    },
    async (request) => {
      const ctx = await requireUser(deps, request);
      await disconnect(deps.db, ctx.user.id);
      return status(ctx.user.id);
    },
  );
}
