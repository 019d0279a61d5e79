/** A calendar day (2026-11-28), or a moment of one (2026-11-28T10:00:00Z), in the years 1900–9999. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a query's day (or moment) is one of the calendar: no 31 February, no thirteenth month. */
export function isDay(value: string): boolean {
  const parts = DAY.exec(value);
  if (!parts || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2020-02-31 would otherwise be read as 2 March.
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
