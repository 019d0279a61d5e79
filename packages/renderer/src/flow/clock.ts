import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TextVars } from "./translate.ts";

/** Seconds as mm:ss (h:mm:ss from an hour on), as a countdown shows them. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * What a screen reader is told as a countdown runs: every whole minute while a minute or more
 * is left, then at 30 and 10 seconds. Nothing at the start or at any other tick, so the
 * announcements never drown the form.
 */
export function countdownAnnouncement(
  remaining: number,
  total: number,
): { key: string; vars: TextVars } | null {
  if (remaining <= 0 || remaining >= total) return null;
  if (remaining >= 60 && remaining % 60 === 0)
    return { key: RESPONDENT_TEXTS.minutesLeft, vars: { minutes: remaining / 60 } };
  if (remaining === 30 || remaining === 10)
    return { key: RESPONDENT_TEXTS.secondsLeft, vars: { seconds: remaining } };
  return null;
}

/** Whole seconds left until a deadline (epoch ms): wall-clock time, so a paused tab gains none. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Whole seconds left of `limit` seconds counted from `startedAt`. A clock read before the count
 * began (the page's clock ticks only while something counts down) counts from its start: a new
 * count never shows more than its limit.
 */
export function secondsLeft(limit: number, startedAt: number, now: number): number {
  return secondsUntil(startedAt + limit * 1000, Math.max(now, startedAt));
}
