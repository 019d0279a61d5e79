import { describe, expect, it } from "vitest";
import { DATE_SEGMENTS, type RULE_OPERATORS } from "./rule-schema.ts";
import { evaluate } from "./rules.ts";
import { fields, rule, when } from "./rules-test-kit.ts";

/** Rules over days and times: the same answer wherever they run, and the current moment's segments. */
describe("comparing dates and times of day", () => {
  const holds = (operator: (typeof RULE_OPERATORS)[number], answer: string, value: string) =>
    evaluate(fields, [rule("r", when("a", operator, value), [{ type: "hide", fieldIds: ["b"] }])], {
      a: answer,
    }).elements.b?.hidden;
  const zone = process.env.TZ;

  it.each(["America/New_York", "Asia/Tokyo", "UTC"])(
    "reads a date and a time without a zone as the same wall clock wherever it runs (%s)",
    (timeZone) => {
      process.env.TZ = timeZone;
      try {
        expect(holds("lower", "2024-06-01T22:00", "2024-06-02")).toBe(true);
        expect(holds("greaterOrEqual", "2024-06-02T05:00", "2024-06-02")).toBe(true);
        expect(holds("lower", "2024-06-02T05:00", "2024-06-02")).toBe(false);
        expect(holds("greater", "2024-06-02", "2024-06-01T23:59")).toBe(true);
        expect(holds("equal", "2024-06-02T00:00", "02.06.2024")).toBe(true);
      } finally {
        process.env.TZ = zone;
      }
    },
  );

  it("compares only values of one kind: a day is no time of day, a time no number", () => {
    expect(holds("greater", "2024-06-02", "23:00")).toBe(false);
    expect(holds("equal", "10:00", "36000")).toBe(false);
    expect(holds("equal", "0:00", "0")).toBe(false);
    expect(holds("equal", "2024-06-01T10:75", "2024-06-01T11:15")).toBe(false);
    expect(holds("equal", "2024-06-01T24:00", "2024-06-02")).toBe(true);
  });

  it("reads a moment without a zone on the given zone's clock, wherever it runs", () => {
    const zone = process.env.TZ;
    try {
      for (const runner of ["America/New_York", "Asia/Tokyo"]) {
        process.env.TZ = runner;
        // 14:30:05 UTC is 15:30:05 in Paris.
        const now = new Date("2026-03-18T14:30:05Z");
        const at = (value: string, timeZone?: string) =>
          evaluate(
            fields,
            [
              rule("r", { kind: "date", segment: "currentDatetime", operator: "greater", value }, [
                { type: "hide", fieldIds: ["a"] },
              ]),
            ],
            {},
            { now, timeZone },
          ).elements.a?.hidden;
        expect(at("2026-03-18T15:00", "Europe/Paris")).toBe(true);
        expect(at("2026-03-18T15:00")).toBe(false);
        expect(at("2026-03-18T15:00:00+01:00")).toBe(true);
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it("orders times of day", () => {
    expect(holds("lower", "09:30", "12:00")).toBe(true);
    expect(holds("greaterOrEqual", "19:15", "18:00")).toBe(true);
    expect(holds("lower", "9:05", "10:00")).toBe(true);
    expect(holds("greater", "09:30", "12:00")).toBe(false);
    expect(holds("equal", "18:00", "18:00:00")).toBe(true);
  });
});

describe("date segments", () => {
  // Wednesday 2026-03-18 14:30:05 UTC; 15:30:05 in Paris.
  const now = new Date("2026-03-18T14:30:05Z");
  const at = (
    segment: (typeof DATE_SEGMENTS)[number],
    operator: (typeof RULE_OPERATORS)[number],
    value: string | number,
    timeZone?: string,
  ) =>
    evaluate(
      fields,
      [rule("r", { kind: "date", segment, operator, value }, [{ type: "hide", fieldIds: ["a"] }])],
      {},
      { now, timeZone },
    ).elements.a?.hidden;

  it.each([
    ["currentDatetime", "greater", "2026-03-18T14:00:00Z", true],
    ["currentDatetime", "lower", "2026-03-18T14:00:00Z", false],
    ["currentTime", "greaterOrEqual", "14:30", true],
    ["currentTime", "lower", "14:30:05", false],
    ["dayOfWeek", "equal", 3, true],
    ["dayOfWeek", "greater", 5, false],
    ["dayOfMonth", "equal", 18, true],
    ["month", "equal", "3", true],
    ["month", "lowerOrEqual", 2, false],
    ["hours", "equal", 14, true],
  ] as const)("%s %s %s is %s (UTC)", (segment, operator, value, result) => {
    expect(at(segment, operator, value)).toBe(result);
  });

  it("reads the segments in the given time zone", () => {
    expect(at("hours", "equal", 15, "Europe/Paris")).toBe(true);
    expect(at("currentTime", "greater", "15:00", "Europe/Paris")).toBe(true);
  });

  it("covers every segment of the spec", () => {
    expect(DATE_SEGMENTS).toHaveLength(6);
  });
});
