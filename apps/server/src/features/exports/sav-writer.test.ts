import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spssNames, utf8Cut } from "./sav-writer.ts";
import { neutralise } from "./writers.ts";

describe("SPSS variable names", () => {
  it("are valid and unique whatever the wishes", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 90 }), { maxLength: 30 }), (wishes) => {
        const names = spssNames(wishes);
        expect(names).toHaveLength(wishes.length);
        expect(new Set(names.map((name) => name.toUpperCase())).size).toBe(names.length);
        for (const name of names) {
          expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
          expect(Buffer.byteLength(name)).toBeLessThanOrEqual(64);
          expect([
            "ALL",
            "AND",
            "BY",
            "EQ",
            "GE",
            "GT",
            "LE",
            "LT",
            "NE",
            "NOT",
            "OR",
            "TO",
            "WITH",
          ]).not.toContain(name.toUpperCase());
        }
      }),
    );
  });

  it("keep a readable name and number the repeats", () => {
    expect(
      spssNames(["Age", "age", "1st try", "and", "Café au lait", "x".repeat(80), "x".repeat(80)]),
    ).toEqual(["Age", "age_2", "V_1st_try", "and_", "Cafe_au_lait", "x".repeat(64), `${"x".repeat(62)}_2`]);
  });
});

describe("texts", () => {
  it("are cut at a character's edge", () => {
    expect(utf8Cut("абв", 5).toString()).toBe("аб");
    expect(utf8Cut("a😀", 4).toString()).toBe("a");
  });

  it("that would start a formula are neutralised, others kept", () => {
    for (const text of ["=1+2", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])
      expect(neutralise(text)).toBe(`'${text}`);
    for (const text of ["plain", " =x", "'quoted", ""]) expect(neutralise(text)).toBe(text);
  });
});
