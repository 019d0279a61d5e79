import { isIP } from "node:net";
import type { MessageCode } from "@formloom/core/errors";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { rateCounters } from "../db/schema.ts";
import { AppError } from "./errors.ts";

/** 429 with the seconds to wait, which the error handler sends as Retry-After. */
export class RateLimited extends AppError {
  constructor(
    code: MessageCode,
    readonly retryAfter: number,
  ) {
    super(429, code);
  }
}

export interface RateLimit {
  /** What is counted: a purpose and a respondent, an address or a form ("upload:ip:203.0.113.7"). */
  key: string;
  /** Requests allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against each limit in turn and throws RateLimited at the first one that is
 * full; the limits after it are not counted, so list the narrowest first. Each count is one atomic
 * upsert made before the work is done: the row lock orders parallel requests, so a burst cannot
 * slip under the limit on either engine or across processes.
 */
export async function countRequest(db: Db, limits: readonly RateLimit[], code: MessageCode): Promise<void> {
  for (const limit of limits) {
    const c = rateCounters;
    const window = sql`make_interval(secs => ${limit.windowSeconds}::float8)`;
    // clock_timestamp(), not now(): the statement may have waited for the row lock.
    const expired = sql`${c.windowStart} <= clock_timestamp() - ${window}`;
    const result = await db.execute(sql`
      insert into ${c} (key, count, window_start) values (${limit.key}, 1, clock_timestamp())
      on conflict (key) do update set
        count = case when ${expired} then 1 else ${c.count} + 1 end,
        window_start = case when ${expired} then clock_timestamp() else ${c.windowStart} end
      returning count, extract(epoch from window_start + ${window} - clock_timestamp()) as window_left`);
    const [counted] = (result as unknown as { rows: Array<{ count: number; window_left: number }> }).rows;
    if (counted && Number(counted.count) > limit.max) {
      throw new RateLimited(code, Math.max(1, Math.ceil(Number(counted.window_left))));
    }
  }
}

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 one by its /64 network, since one
 * subscriber commonly holds a whole /64 and could otherwise take a fresh address per request.
 */
export function addressKey(ip: string): string {
  const mapped = ip.toLowerCase().startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(mapped) === 4) return mapped;
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Counters whose window ended long ago: every window is shorter than a day. */
export async function forgetOldCounts(db: Db): Promise<number> {
  const removed = await db
    .delete(rateCounters)
    .where(sql`${rateCounters.windowStart} < now() - interval '1 day'`)
    .returning({ key: rateCounters.key });
  return removed.length;
}
