import { comparableOf, compare, secondsOfDay } from "./rule-operators.ts";
import type { TDateCondition } from "./rule-schema.ts";

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

interface Moment {
  month: number;
  dayOfMonth: number;
  /** 1 is Monday, 7 is Sunday. */
  dayOfWeek: number;
  hours: number;
  /** Seconds since midnight. */
  timeOfDay: number;
}

/** The calendar parts of a moment in a time zone (UTC by default), by the platform's Intl. */
function momentIn(now: Date, timeZone = "UTC"): Moment & { year: number; minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    weekday: "short",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  const [hours, minutes, seconds] = [Number(part("hour")), Number(part("minute")), Number(part("second"))];
  return {
    year: Number(part("year")),
    month: Number(part("month")),
    dayOfMonth: Number(part("day")),
    dayOfWeek: WEEKDAYS[part("weekday")] ?? 0,
    hours,
    minutes,
    seconds,
    timeOfDay: hours * 3600 + minutes * 60 + seconds,
  };
}

/** The moment as the zone's clock shows it, in milliseconds as if that clock were UTC's. */
function wallClockIn(now: Date, timeZone = "UTC"): number {
  const at = momentIn(now, timeZone);
  return Date.UTC(at.year, at.month - 1, at.dayOfMonth, at.hours, at.minutes, at.seconds);
}

/** Tests the current moment: datetime against an ISO date, the rest against numbers or times. */
export function checkDateCondition(condition: TDateCondition, now: Date, timeZone?: string): boolean {
  const { segment, operator, value } = condition;
  if (operator === "empty") return false;
  if (operator === "notEmpty") return true;
  const op = operator === "contains" ? "equal" : operator === "notContains" ? "notEqual" : operator;
  if (segment === "currentDatetime") {
    if (typeof value === "number") return compare(now.getTime(), op, value);
    const target = comparableOf(value);
    if (target?.kind !== "date") return false;
    // A moment written with its zone is that instant; one without is read on the zone's clock,
    // so the respondent's browser and the server agree.
    return compare(target.zoned ? now.getTime() : wallClockIn(now, timeZone), op, target.value);
  }
  const moment = momentIn(now, timeZone);
  if (segment === "currentTime") {
    const target = typeof value === "number" ? value : secondsOfDay(value);
    return target !== undefined && compare(moment.timeOfDay, op, target);
  }
  return compare(moment[segment], op, typeof value === "number" ? value : value.trim());
}
