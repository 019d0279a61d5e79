import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { signInCounters } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/**
 * How many sign-in tries are allowed. Each try is counted BEFORE its password is checked, by one
 * upsert per key, so a burst of parallel requests cannot all be checked; a successful sign-in takes
 * its try back. All windows are fifteen minutes, fixed from the key's first try.
 *
 * - one user from one address: 10 tries. The hard stop, and it holds back only that address, so a
 *   stranger guessing from elsewhere does not lock the owner out.
 * - one user from anywhere: 20 tries are free; each further try must wait 2, 4, 8 … seconds (at
 *   most 60) after the one before. A guesser spread over many addresses gets about one guess a
 *   minute, and the owner is held back for at most a minute, never fifteen.
 * - one address, any user: 100 tries, enough for an office behind one NAT whose people mistype
 *   their passwords, while a sweep over many accounts from one address stops.
 *
 * The user is the resolved user id, so signing in by username and by e-mail count together; a
 * name that matches nobody is counted under that name.
 */
const WINDOW = sql`interval '15 minutes'`;
const PER_USER_AND_ADDRESS = 10;
const FREE_TRIES_PER_USER = 20;
const MAX_DELAY_SECONDS = 60;
const PER_ADDRESS = 100;

interface Limit {
  key: string;
  /** Tries allowed in the window; the rest are refused until it ends. */
  max: number;
  /** Tries after which each further one waits for a growing delay. */
  freeTries: number;
}

/** 429 `auth.rate_limited`, with the seconds to wait before the next try. */
export class SignInLimited extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, "auth.rate_limited");
  }
}

export interface SignInTry {
  /** Gives the try back after the right password, so the owner's own typos do not add up. */
  succeeded(): Promise<void>;
}

/**
 * Where a try comes from when the user has signed in there before: their own device (its signed
 * cookie, device-cookie.ts) or an address of theirs. Such a try is counted on its own, 10 per
 * device or address, and none of the user's back-off applies: a stranger guessing from elsewhere
 * keeps every other device waiting but never the owner's own.
 */
export type KnownPlace = { device: string } | "address" | null;

/** How long an address the user signed in from stays theirs. */
const KNOWN_ADDRESS = sql`interval '30 days'`;

/**
 * Counts a sign-in try of `subject` (a user id, or an unknown name) from `address`, or throws
 * SignInLimited. A try refused by one limit is given back to those it was counted on before: no
 * password was looked at, so the owner's own refused retries do not lock out their address.
 */
export async function countSignInTry(
  db: Db,
  subject: string,
  address: string,
  known: KnownPlace = null,
): Promise<SignInTry> {
  const pair: Limit = { key: `pair:${subject}:${address}`, max: PER_USER_AND_ADDRESS, freeTries: Infinity };
  const perAddress: Limit = { key: `ip:${address}`, max: PER_ADDRESS, freeTries: Infinity };
  const perUser: Limit = { key: `user:${subject}`, max: Infinity, freeTries: FREE_TRIES_PER_USER };
  const perDevice: Limit | null =
    known && known !== "address"
      ? { key: `device:${subject}:${known.device}`, max: PER_USER_AND_ADDRESS, freeTries: Infinity }
      : null;
  // In this order, so a try stopped by a narrower limit does not use up a wider one.
  const limits = perDevice ? [perDevice] : known === "address" ? [pair] : [pair, perAddress, perUser];
  const counted: Limit[] = [];
  for (const limit of limits) {
    try {
      await take(db, limit);
    } catch (error) {
      if (counted.length > 0) await giveBack(db, counted);
      throw error;
    }
    counted.push(limit);
  }
  return {
    async succeeded() {
      await db
        .delete(signInCounters)
        .where(sql`${signInCounters.key} in (${pair.key}, ${perDevice?.key ?? pair.key})`);
      // The owner's own sign-in does not hold back their next one (another device, a minute later).
      await db
        .update(signInCounters)
        .set({
          count: sql`greatest(${signInCounters.count} - 1, 0)`,
          notBefore: sql`least(${signInCounters.notBefore}, clock_timestamp())`,
        })
        .where(sql`${signInCounters.key} in (${perAddress.key}, ${perUser.key})`);
      // The address is the user's from now on: kept as a row that counts nothing, until not_before.
      await db.execute(sql`
        insert into ${signInCounters} (key, count, window_start, not_before)
        values (${knownKey(subject, address)}, 0, clock_timestamp(), clock_timestamp() + ${KNOWN_ADDRESS})
        on conflict (key) do update set not_before = excluded.not_before`);
    },
  };
}

/** Whether the user has signed in from this address within the last 30 days. */
export async function isKnownAddress(db: Db, subject: string, address: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from ${signInCounters}
        where ${signInCounters.key} = ${knownKey(subject, address)} and ${signInCounters.notBefore} > clock_timestamp()`,
  );
  return rowsOf(rows).length > 0;
}

const knownKey = (subject: string, address: string) => `known:${subject}:${address}`;

/** Takes back tries counted on limits without a delay (the narrow ones, counted first). */
async function giveBack(db: Db, limits: Limit[]): Promise<void> {
  const keys = limits.map((limit) => limit.key);
  await db
    .update(signInCounters)
    .set({ count: sql`greatest(${signInCounters.count} - 1, 0)` })
    .where(
      sql`${signInCounters.key} in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
}

/**
 * One atomic statement: starts a new window when the old one is over, counts the try, and sets the
 * earliest time of the next. The row lock of the upsert orders parallel tries; clock_timestamp()
 * (not now(), the start of a statement that may have waited for that lock) compares real times.
 */
async function take(db: Db, limit: Limit): Promise<void> {
  const c = signInCounters;
  const expired = sql`${c.windowStart} <= clock_timestamp() - ${WINDOW}`;
  const next = sql`case when ${expired} then 1 else ${c.count} + 1 end`;
  const delay =
    limit.freeTries === Infinity
      ? sql`0`
      : sql`case when ${next} > ${limit.freeTries} then least(power(2, ${next} - ${limit.freeTries}), ${MAX_DELAY_SECONDS}) else 0 end`;
  const rows = await db.execute(sql`
    insert into ${c} (key, count, window_start, not_before)
    values (${limit.key}, 1, clock_timestamp(), clock_timestamp())
    on conflict (key) do update set
      count = ${next},
      window_start = case when ${expired} then clock_timestamp() else ${c.windowStart} end,
      not_before = clock_timestamp() + make_interval(secs => ${delay})
    where ${expired} or ${c.notBefore} <= clock_timestamp()
    returning count, extract(epoch from window_start + ${WINDOW} - clock_timestamp()) as window_left`);
  const [counted] = rowsOf<{ count: number; window_left: number }>(rows);
  if (!counted) throw new SignInLimited(await secondsToWait(db, limit.key));
  if (limit.max !== Infinity && Number(counted.count) > limit.max) {
    throw new SignInLimited(Math.max(1, Math.ceil(Number(counted.window_left))));
  }
}

async function secondsToWait(db: Db, key: string): Promise<number> {
  const rows = await db.execute(
    sql`select extract(epoch from ${signInCounters.notBefore} - clock_timestamp()) as wait
        from ${signInCounters} where ${signInCounters.key} = ${key}`,
  );
  return Math.max(1, Math.ceil(Number(rowsOf<{ wait: number }>(rows)[0]?.wait ?? 1)));
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle's execute types differ per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
