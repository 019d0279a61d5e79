import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A device the user signed in on keeps this signed cookie ("device cookies", as OWASP describes
 * them): its sign-in tries are counted on their own, so a stranger guessing the user's password
 * elsewhere cannot keep the owner out (sign-in-limits.ts). It names the user and a random device id
 * and grants nothing by itself: the password is checked as always.
 */
const DEVICE_COOKIE = "flr_device";
const ONE_YEAR_SECONDS = 365 * 86_400;

export interface KnownDevice {
  userId: number;
  device: string;
}

/** The device of a validly signed cookie, else null. */
export function deviceOf(request: FastifyRequest): KnownDevice | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const unsigned = request.unsignCookie(value);
  const match = unsigned.valid ? /^(\d{1,12})\.([\w-]{16,64})$/.exec(unsigned.value ?? "") : null;
  return match ? { userId: Number(match[1]), device: match[2]! } : null;
}

/** Gives the device a cookie for this user, keeping its device id when it had one for them. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  const known = deviceOf(request);
  const device = known?.userId === userId ? known.device : randomBytes(16).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, `${userId}.${device}`, {
    signed: true,
    httpOnly: true,
    secure: request.protocol === "https",
    sameSite: "strict",
    path: "/api",
    maxAge: ONE_YEAR_SECONDS,
  });
}
