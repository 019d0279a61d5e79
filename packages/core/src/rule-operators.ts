import { OTHER_PREFIX } from "./field-types/choice.ts";
import type { RuleOperator } from "./rule-schema.ts";

/** Blank text, no value, an empty list or an empty object count as empty. */
function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** An ISO day, with a time of day and a zone if given. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A day as the form's pages write it (DD.MM.YYYY, DD-MM-YYYY, DD/MM/YYYY), as a rule's value may be typed. */
const SHOWN_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

/** A time of day as a time question keeps it: HH:mm, or HH:mm:ss. */
const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** "HH:mm" or "HH:mm:ss" as seconds since midnight; undefined for anything else. */
export function secondsOfDay(value: string): number | undefined {
  const match = TIME_OF_DAY.exec(value.trim());
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0) : undefined;
}

/**
 * A day and time as milliseconds on one wall clock, as written (no zone moves it), so the
 * respondent's browser and the server agree wherever each runs. A day or time that is not in the
 * calendar (31.02, 10:75) is none; 24:00 is the next day's start.
 */
function wallClock(y: number, m: number, d: number, hours = 0, minutes = 0, seconds = 0, ms = 0) {
  if (minutes > 59 || seconds > 59 || hours > 24 || (hours === 24 && (minutes > 0 || seconds > 0 || ms > 0)))
    return undefined;
  const time = Date.UTC(y, m - 1, d, hours, minutes, seconds, ms);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCDate() === d && day.getUTCMonth() === m - 1 ? time : undefined;
}

/**
 * A value as a rule orders it: a number, a day (and time) in milliseconds, or a time of day in
 * seconds since midnight. Only values of one kind are compared with each other.
 */
export interface Comparable {
  kind: "number" | "date" | "time";
  value: number;
  /** A date written with its zone names an instant; one without is a wall-clock time. */
  zoned?: boolean;
}

/**
 * Numbers and numeric text as numbers; ISO days and times, and days written as the form shows
 * them, as dates; HH:mm as times of day; anything else is not ordered.
 */
export function comparableOf(value: unknown): Comparable | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return { kind: "number", value };
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  const text = trimmed.replace(",", ".");
  if (text !== "" && Number.isFinite(Number(text))) return { kind: "number", value: Number(text) };
  const iso = ISO_DATE.exec(trimmed);
  if (iso) {
    if (iso[8]) {
      const time = Date.parse(trimmed.replace(" ", "T"));
      return Number.isNaN(time) ? undefined : { kind: "date", value: time, zoned: true };
    }
    const [y, m, d, hours, minutes, seconds] = iso.slice(1, 7).map((part) => Number(part ?? 0));
    const time = wallClock(y!, m!, d!, hours, minutes, seconds, Number((iso[7] ?? "0").padEnd(3, "0")));
    return time === undefined ? undefined : { kind: "date", value: time };
  }
  const day = SHOWN_DAY.exec(trimmed);
  if (day) {
    const [d, m, y] = day.slice(1).map(Number) as [number, number, number];
    const time = wallClock(y, m, d);
    return time === undefined ? undefined : { kind: "date", value: time };
  }
  const seconds = secondsOfDay(trimmed);
  return seconds === undefined ? undefined : { kind: "time", value: seconds };
}

/** Two values' difference for ordering; undefined unless both are of one kind. */
function difference(actual: unknown, expected: unknown): number | undefined {
  const a = comparableOf(actual);
  const b = comparableOf(expected);
  return a && b && a.kind === b.kind ? a.value - b.value : undefined;
}

const text = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() : String(value).toLowerCase();
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function scalarEqual(actual: unknown, expected: unknown): boolean {
  // A choice's "Other" as a condition's value: met by whatever the respondent wrote there.
  if (expected === OTHER_PREFIX) return typeof actual === "string" && actual.startsWith(OTHER_PREFIX);
  const apart = difference(actual, expected);
  if (apart !== undefined) return apart === 0;
  if (typeof actual === "boolean" || typeof expected === "boolean")
    return actual === expected || text(actual) === text(expected);
  return text(actual) === text(expected);
}

function equal(actual: unknown, expected: unknown): boolean {
  if (isEmptyValue(actual)) return isEmptyValue(expected);
  if (Array.isArray(actual)) {
    const wanted = asList(expected);
    return actual.length === wanted.length && wanted.every((w) => actual.some((a) => scalarEqual(a, w)));
  }
  if (typeof actual === "object") {
    // A grid (a matrix's rows, each a choice or a list of them) equals a choice when every row
    // answered chose it; other composite answers (a name, a point, a sum) equal nothing.
    const rows = Object.values(actual as object).filter((row) => !isEmptyValue(row));
    const isRow = (row: unknown) =>
      typeof row === "string" || (Array.isArray(row) && row.every((choice) => typeof choice === "string"));
    return rows.length > 0 && rows.every(isRow) && rows.every((row) => equal(row, expected));
  }
  return scalarEqual(actual, expected);
}

function contains(actual: unknown, expected: unknown): boolean {
  if (isEmptyValue(actual)) return false;
  if (Array.isArray(actual)) return asList(expected).every((w) => actual.some((a) => scalarEqual(a, w)));
  if (typeof actual === "object" && actual !== null) {
    return Object.values(actual).some((inner) => contains(inner, expected) || equal(inner, expected));
  }
  return text(actual).includes(text(expected));
}

/** Applies one rule operator; a comparison between values that cannot be ordered is false. */
export function compare(actual: unknown, operator: RuleOperator, expected: unknown): boolean {
  switch (operator) {
    case "empty":
      return isEmptyValue(actual);
    case "notEmpty":
      return !isEmptyValue(actual);
    case "equal":
      return equal(actual, expected);
    case "notEqual":
      return !equal(actual, expected);
    case "contains":
      return contains(actual, expected);
    case "notContains":
      return !contains(actual, expected);
    case "greater":
      return (difference(actual, expected) ?? Number.NaN) > 0;
    case "greaterOrEqual":
      return (difference(actual, expected) ?? Number.NaN) >= 0;
    case "lower":
      return (difference(actual, expected) ?? Number.NaN) < 0;
    case "lowerOrEqual":
      return (difference(actual, expected) ?? Number.NaN) <= 0;
  }
}
