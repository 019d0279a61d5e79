/**
 * A moment as the wall-clock time of a zone, carried in a Date's UTC fields (so the zone's offset
 * at that moment is the difference of the two). An unknown zone reads as UTC.
 */
export function wallClock(timeZone: string): (date: Date) => Date {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    return (date) => date;
  }
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    return new Date(
      Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
    );
  };
}
