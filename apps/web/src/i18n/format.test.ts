import "dayjs/locale/ru";
import "dayjs/locale/it";
import { describe, expect, it } from "vitest";
import { formatters } from "./format.ts";

describe("formatters", () => {
  const moment = "2026-11-21T23:30:00Z";

  it("writes dates and times the way the reader's language does", () => {
    expect(formatters("en", "UTC").date(moment)).toBe("11/21/2026");
    expect(formatters("ru", "UTC").date(moment)).toBe("21.11.2026");
    expect(formatters("it", "UTC").dateTime(moment)).toBe("21/11/2026 23:30");
    expect(formatters("en", "UTC").dateTime(moment)).toBe("11/21/2026 11:30 PM");
  });

  it("shows times in the reader's time zone, but never moves a calendar day", () => {
    expect(formatters("ru", "Europe/Kyiv").dateTimeSeconds(moment)).toBe("22.11.2026 1:30:00");
    expect(formatters("ru", "America/New_York").dateTime(moment)).toBe("21.11.2026 18:30");
    expect(formatters("ru", "Pacific/Auckland").day("1906-12-09")).toBe("09.12.1906");
  });

  it("groups digits the way the reader's language does", () => {
    expect(formatters("en", "UTC").number(1234567)).toBe("1,234,567");
    expect(formatters("ru", "UTC").number(1234567)).toBe("1\u00a0234\u00a0567");
  });
});
