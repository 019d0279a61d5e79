import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { describe, expect, it } from "vitest";
import { formatters } from "./format.ts";

const dateField = (mode: "date" | "time" | "datetime"): TElement => {
  const element = { ...fieldTypes.dateTime.createDefault(), id: "when", fieldType: "dateTime" } as TElement;
  return { ...element, fieldSettings: { ...element.fieldSettings, dateTimeMode: mode } };
};

describe("formatters", () => {
  const moment = "2026-11-21T23:30:00Z";

  it("writes every date of a language one way, day first, as forms.md §9 names it", () => {
    expect(formatters("en", "UTC").date(moment)).toBe("21.11.2026");
    expect(formatters("ru", "UTC").date(moment)).toBe("21.11.2026");
    expect(formatters("uk", "UTC").dateTime(moment)).toBe("21.11.2026 23:30");
    expect(formatters("it", "UTC").dateTime(moment)).toBe("21-11-2026 23:30");
    expect(formatters("es", "UTC").dateTimeSeconds(moment)).toBe("21-11-2026 23:30:00");
    expect(formatters("en", "UTC").dateTime(moment)).toBe("21.11.2026 23:30");
  });

  it("writes a date answer the same way as the moment it was submitted", () => {
    for (const language of ["en", "ru", "uk", "es", "it"]) {
      const format = formatters(language, "UTC");
      const submitted = format.date("2026-03-04T10:00:00Z");
      expect(format.answer(dateField("date"), "2026-03-04"), language).toBe(submitted);
      expect(format.answer(dateField("datetime"), "2026-03-04T08:15"), language).toBe(`${submitted} 08:15`);
    }
    expect(formatters("es", "UTC").answer(dateField("date"), "2026-03-04")).toBe("04-03-2026");
    expect(formatters("en", "UTC").answer(dateField("time"), "08:15")).toBe("08:15");
    // Anything that is not a date stays as the respondent wrote it.
    expect(formatters("en", "UTC").answer(dateField("date"), "soon")).toBe("soon");
  });

  it("shows times in the reader's time zone, but never moves a calendar day", () => {
    expect(formatters("ru", "Europe/Kyiv").dateTimeSeconds(moment)).toBe("22.11.2026 01:30:00");
    expect(formatters("ru", "America/New_York").dateTime(moment)).toBe("21.11.2026 18:30");
    expect(formatters("ru", "Pacific/Auckland").day("1906-12-09")).toBe("09.12.1906");
    expect(formatters("it", "Pacific/Auckland").answer(dateField("date"), "2026-01-01")).toBe("01-01-2026");
  });

  it("writes durations with the language's own units", () => {
    expect(formatters("en", "UTC").duration(3723)).toBe("1h 2m 3s");
    expect(formatters("ru", "UTC").duration(1)).toBe("1 с");
    expect(formatters("ru", "UTC").duration(3723)).toBe("1 ч 2 мин 3 с");
    expect(formatters("uk", "UTC").duration(65)).toBe("1 хв 5 с");
    expect(formatters("es", "UTC").duration(90_061)).toBe("1d 1h 1min 1s");
    expect(formatters("en", "UTC").duration(0)).toBe("0s");
  });

  it("groups digits the way the reader's language does", () => {
    expect(formatters("en", "UTC").number(1234567)).toBe("1,234,567");
    expect(formatters("ru", "UTC").number(1234567)).toBe("1\u00a0234\u00a0567");
  });
});
