import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One calendar day of the reader's zone as the results filter's instants: from its first
 * millisecond to its last (the filter's end is inclusive). The dashboard's calendar counts days
 * in that zone, so a day's cell and the submissions it opens are the same ones.
 */
export function dayRange(day: string, zone: string | undefined): { dateFrom: string; dateTo: string } {
  const midnight = (date: string) =>
    zone ? dayjs.tz(`${date}T00:00:00`, zone) : dayjs.utc(`${date}T00:00:00`);
  // The next day's midnight read in the zone again: a day the clocks change on has 23 or 25 hours.
  const next = dayjs.utc(`${day}T00:00:00`).add(1, "day").format("YYYY-MM-DD");
  return {
    dateFrom: midnight(day).toISOString(),
    dateTo: midnight(next).subtract(1, "millisecond").toISOString(),
  };
}

/** The day a filter's bound names in the reader's zone: a bare day as it is, an instant as its day there. */
export function dayOfBound(value: string | undefined, zone: string | undefined): string {
  if (!value) return "";
  if (value.length === 10) return value;
  return (zone ? dayjs(value).tz(zone) : dayjs.utc(value)).format("YYYY-MM-DD");
}
