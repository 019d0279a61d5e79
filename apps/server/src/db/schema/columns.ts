import { sql } from "drizzle-orm";
import { index, integer, type PgColumn, text, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** How many times a queued job was tried; every attempt counts. */
export const attempts = () => integer("attempts").notNull().default(0);

/** When a queued job is next due; a failed attempt moves it on (backoff). */
export const nextAttemptAt = () =>
  timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow();

/** A job's state; it starts queued. */
export const jobState = () => text("state").notNull().default("queued");

/** The columns of a queue retried with backoff: its state, its attempts and when the next is due. */
export const retriedJob = () => ({ state: jobState(), attempts: attempts(), nextAttemptAt: nextAttemptAt() });

/** The partial index the worker claims due jobs by: the queued ones, by when they are due. */
export const dueJobsIndex = (name: string, t: { nextAttemptAt: PgColumn; state: PgColumn }) =>
  index(name).on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`);
