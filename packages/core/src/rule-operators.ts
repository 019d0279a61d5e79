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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A day as the form's pages write it (DD.MM.YYYY, DD-MM-YYYY, DD/MM/YYYY), as a rule's value may be typed. */
const SHOWN_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

/**
 * A number for ordering: numbers and numeric text as numbers, ISO dates and days written as the
 * form shows them as milliseconds.
 */
function comparable(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value !== "string") return undefined;
  const text = value.trim().replace(",", ".");
  if (text !== "" && Number.isFinite(Number(text))) return Number(text);
  if (ISO_DATE.test(value.trim())) {
    const time = Date.parse(value.trim());
    return Number.isNaN(time) ? undefined : time;
  }
  const day = SHOWN_DAY.exec(value.trim());
  if (day) {
    const [d, m, y] = day.slice(1).map(Number) as [number, number, number];
    const time = Date.UTC(y, m - 1, d);
    // 31.02.2026 is no day: the calendar would carry it into March.
    const back = new Date(time);
    return back.getUTCDate() === d && back.getUTCMonth() === m - 1 ? time : undefined;
  }
  return undefined;
}

const text = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() : String(value).toLowerCase();
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function scalarEqual(actual: unknown, expected: unknown): boolean {
  // A choice's "Other" as a condition's value: met by whatever the respondent wrote there.
  if (expected === OTHER_PREFIX) return typeof actual === "string" && actual.startsWith(OTHER_PREFIX);
  const a = comparable(actual);
  const b = comparable(expected);
  if (a !== undefined && b !== undefined) return a === b;
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
  if (typeof actual === "object") return false;
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

function order(actual: unknown, expected: unknown): number | undefined {
  const a = comparable(actual);
  const b = comparable(expected);
  return a === undefined || b === undefined ? undefined : a - b;
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
      return (order(actual, expected) ?? Number.NaN) > 0;
    case "greaterOrEqual":
      return (order(actual, expected) ?? Number.NaN) >= 0;
    case "lower":
      return (order(actual, expected) ?? Number.NaN) < 0;
    case "lowerOrEqual":
      return (order(actual, expected) ?? Number.NaN) <= 0;
  }
}
