import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInterval } from "./interval.ts";

describe("parseInterval", () => {
  it.each([
    ["1Y", 365 * 86_400],
    ["6W", 6 * 7 * 86_400],
    ["1d 6h", 86_400 + 6 * 3600],
    ["2m 30s", 150],
    ["  45s ", 45],
    ["1Y 2W 3d 4h 5m 6s", 365 * 86_400 + 14 * 86_400 + 3 * 86_400 + 4 * 3600 + 5 * 60 + 6],
  ])("%s is %i seconds", (text, seconds) => {
    expect(parseInterval(text)).toEqual({ ok: true, seconds });
  });

  it("reads blank as no limit", () => {
    expect(parseInterval("")).toEqual({ ok: true, seconds: null });
    expect(parseInterval("   ")).toEqual({ ok: true, seconds: null });
  });

  it.each(["1", "d", "1D", "1x", "1.5h", "-1h", "1h 2h", "0s", "1h,2m", "1 h"])("rejects %s", (text) => {
    expect(parseInterval(text).ok).toBe(false);
  });

  it("never throws, and a valid result is a whole positive number of seconds or no limit", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseInterval(text);
        if (parsed.ok && parsed.seconds !== null) {
          expect(Number.isInteger(parsed.seconds)).toBe(true);
          expect(parsed.seconds).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("adds up any set of distinct units written in any order", () => {
    const units = { Y: 31_536_000, W: 604_800, d: 86_400, h: 3600, m: 60, s: 1 } as const;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...(Object.keys(units) as Array<keyof typeof units>)), {
          minLength: 1,
        }),
        fc.array(fc.integer({ min: 1, max: 999 }), { minLength: 6, maxLength: 6 }),
        (chosen, amounts) => {
          const text = chosen.map((unit, i) => `${amounts[i]}${unit}`).join(" ");
          const expected = chosen.reduce((sum, unit, i) => sum + amounts[i]! * units[unit], 0);
          expect(parseInterval(text)).toEqual({ ok: true, seconds: expected });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
