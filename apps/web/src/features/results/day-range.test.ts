import { describe, expect, it } from "vitest";
import { dayOfBound, dayRange } from "./day-range.ts";

describe("a day of the reader's zone as the results filter's instants", () => {
  it("runs from its midnight to the last millisecond before the next, also on the days the clocks change", () => {
    expect(dayRange("2026-06-10", "Europe/Berlin")).toEqual({
      dateFrom: "2026-06-09T22:00:00.000Z",
      dateTo: "2026-06-10T21:59:59.999Z",
    });
    // Spring forward: 23 hours; autumn back: 25.
    expect(dayRange("2026-03-29", "Europe/Berlin")).toEqual({
      dateFrom: "2026-03-28T23:00:00.000Z",
      dateTo: "2026-03-29T21:59:59.999Z",
    });
    expect(dayRange("2026-10-25", "Europe/Berlin")).toEqual({
      dateFrom: "2026-10-24T22:00:00.000Z",
      dateTo: "2026-10-25T22:59:59.999Z",
    });
    expect(dayRange("2026-10-25", undefined)).toEqual({
      dateFrom: "2026-10-25T00:00:00.000Z",
      dateTo: "2026-10-25T23:59:59.999Z",
    });
  });

  it("reads each end back as the day it was picked", () => {
    const { dateFrom, dateTo } = dayRange("2026-03-29", "Europe/Berlin");
    expect(dayOfBound(dateFrom, "Europe/Berlin")).toBe("2026-03-29");
    expect(dayOfBound(dateTo, "Europe/Berlin")).toBe("2026-03-29");
  });
});
