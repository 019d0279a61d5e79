import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

export const RANGE_PRESETS = ["today", "yesterday", "last7", "last30", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The days a chart covers, both inclusive, as days of `timezone`. */
export interface DateRange {
  preset: RangePreset;
  dateFrom: string;
  dateTo: string;
  timezone: string;
}

/** The browser's own zone, for a reader without an account (a shared report). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function validZone(zone: string | null | undefined): string {
  if (!zone) return browserZone();
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return browserZone();
  }
}

/** A preset's days as they are now in the zone: today, yesterday, or the last 7 or 30 days with today. */
export function presetRange(
  preset: Exclude<RangePreset, "custom">,
  zone: string | null | undefined,
  now = new Date(),
): DateRange {
  const timezone = validZone(zone);
  const today = dayjs(now).tz(timezone).startOf("day");
  const day = (value: dayjs.Dayjs) => value.format("YYYY-MM-DD");
  const from = {
    today,
    yesterday: today.subtract(1, "day"),
    last7: today.subtract(6, "day"),
    last30: today.subtract(29, "day"),
  }[preset];
  const to = preset === "yesterday" ? today.subtract(1, "day") : today;
  return { preset, dateFrom: day(from), dateTo: day(to), timezone };
}

/** The default of every chart page: the last 30 days in the reader's zone. */
export const defaultRange = (zone: string | null | undefined) => presetRange("last30", zone);

/** The range as the chart calls ask it. */
export const rangeParams = (range: DateRange) => ({
  dateFrom: range.dateFrom,
  dateTo: range.dateTo,
  timezone: range.timezone,
});

/** The same range in the older calls' snake case (answers/summary, answer/nps, submit-rate). */
export const snakeRange = (range: DateRange) => ({
  date_from: range.dateFrom,
  date_to: range.dateTo,
  timezone: range.timezone,
});

/** Every day of the range, oldest first. */
export function daysOf(range: { dateFrom: string; dateTo: string }): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${range.dateFrom}T00:00:00Z`);
    t <= Date.parse(`${range.dateTo}T00:00:00Z`);
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
    if (days.length > 3700) break;
  }
  return days;
}
