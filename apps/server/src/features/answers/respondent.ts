import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Deps, optionalUser, type UserRow } from "../../http/context.ts";

/**
 * A browser that opened a public form carries this signed cookie when it submits, so a form's
 * time between submissions holds even when the browser sends a new device fingerprint each time.
 * It says nothing about the person.
 */
const RESPONDENT_COOKIE = "flr_respondent";
const ONE_YEAR_SECONDS = 365 * 86_400;

/** The respondent id of a validly signed cookie, else undefined. */
export function respondentOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[RESPONDENT_COOKIE];
  if (!value) return undefined;
  const unsigned = request.unsignCookie(value);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Issues the cookie to a browser that opens a form without one. */
export function issueRespondentCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (respondentOf(request)) return;
  // Embedded forms live on another site: there the cookie travels only as SameSite=None, which
  // browsers accept over HTTPS alone.
  const secure = request.protocol === "https";
  reply.setCookie(RESPONDENT_COOKIE, randomBytes(16).toString("base64url"), {
    signed: true,
    httpOnly: true,
    secure,
    sameSite: secure ? "none" : "lax",
    // The public page's own post (features/forms/public-post.ts) carries it too.
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
  });
}

/** Who sent what a public page posts: its address, its respondent cookie, and a signed-in visitor. */
export interface PageSender {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

/** The sender of a public page's post; a visitor only where the page sent a valid token. */
export async function pageSender(deps: Deps, request: FastifyRequest): Promise<PageSender> {
  const visitor = request.headers.authorization
    ? await optionalUser(deps, request).catch(() => undefined)
    : undefined;
  return { ip: request.ip, respondent: respondentOf(request), visitor };
}
