import { z } from "zod";

export const EXTERNAL_APP_STATUSES = ["active", "disabled"] as const;
/** Tokens of external apps start with this, so the server can tell them from sign-in tokens. */
export const EXTERNAL_APP_TOKEN_PREFIX = "flk_";
export const MAX_TOKEN_MONTHS = 6;

/** The same day and time `months` later (the last day of a shorter month when needed). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** platform.md §5: the expiry is in the future and at most six months ahead; blank means half a year. */
export function checkExpiry(
  expiresAt: Date,
  now: Date,
): "external_app.expiry.past" | "external_app.expiry.too_far" | null {
  if (expiresAt.getTime() <= now.getTime()) return "external_app.expiry.past";
  // A date picked in the form means the end of that day, so the last allowed day counts whole.
  const limit = addMonths(now, MAX_TOKEN_MONTHS);
  limit.setUTCHours(23, 59, 59, 999);
  if (expiresAt.getTime() > limit.getTime()) return "external_app.expiry.too_far";
  return null;
}

export function defaultExpiry(now: Date): Date {
  return addMonths(now, MAX_TOKEN_MONTHS);
}

const ZAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], "external_app.ip.invalid");

const ZAppFields = z.object({
  name: z.string().trim().min(4, "external_app.name.too_short").max(100),
  description: z.string().trim().max(1000).default(""),
  allowedIps: z.array(z.string().trim().pipe(ZAddress)).min(1, "external_app.ips.required").max(100),
  /** ISO date-time; blank or absent on creation means half a year from now (and on an edit, unchanged). */
  expiresAt: z.preprocess(
    (value: string | undefined) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.iso.datetime({ offset: true, message: "external_app.expiry.invalid" }).optional(),
  ),
  status: z.enum(EXTERNAL_APP_STATUSES).default("active"),
});

export const ZExternalAppBody = ZAppFields;
export type TExternalAppBody = z.input<typeof ZExternalAppBody>;

export const ZExternalApp = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  allowedIps: z.array(z.string()),
  expiresAt: z.string(),
  status: z.enum(EXTERNAL_APP_STATUSES),
  /** The token's first characters, to tell tokens apart; the whole token is shown once. */
  tokenStart: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  owner: z.string().nullable(),
  /** Whether the caller made it: only its maker edits a token; an admin may disable or delete it. */
  mine: z.boolean(),
});
export type TExternalApp = z.infer<typeof ZExternalApp>;

export const ZExternalAppCreated = z.object({ app: ZExternalApp, token: z.string() });
export type TExternalAppCreated = z.infer<typeof ZExternalAppCreated>;
