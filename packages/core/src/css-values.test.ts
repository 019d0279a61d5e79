import { describe, expect, it } from "vitest";
import {
  parseColour,
  readableOn,
  safeAnimation,
  safeColour,
  safeFontFamily,
  safeGradient,
  safeImageUrl,
  safeLength,
} from "./css-values.ts";

describe("colours an author types", () => {
  it("reads hex, rgb(a), hsl(a) and common names, written back as rgb", () => {
    expect(safeColour("#fa0")).toBe("rgb(255, 170, 0)");
    expect(safeColour("#1971C2")).toBe("rgb(25, 113, 194)");
    expect(safeColour("rgba(220,223,230,1)")).toBe("rgb(220, 223, 230)");
    expect(safeColour("rgb(0 0 0 / 50%)")).toBe("rgba(0, 0, 0, 0.5)");
    expect(safeColour("hsl(120, 100%, 25%)")).toBe("rgb(0, 128, 0)");
    expect(safeColour(" White ")).toBe("rgb(255, 255, 255)");
  });

  it("drops anything that could end a declaration or load something", () => {
    for (const bad of [
      "red; background: url(https://x.test/a.png)",
      "#fff}body{display:none",
      "expression(alert(1))",
      "var(--x)",
      "url(https://x.test)",
      "rgb(1,2,3);x:y",
      12,
      undefined,
    ]) {
      expect(safeColour(bad)).toBeUndefined();
    }
  });

  it("chooses text that reads at 4.5:1 on a coloured surface", () => {
    const on = (colour: string) => readableOn(parseColour(colour) ?? { r: 0, g: 0, b: 0, a: 1 });
    expect(on("#1971c2")).toBe("#ffffff");
    expect(on("#ffd43b")).toBe("#1f2430");
    // White on this blue is only about 3.56:1, so black is chosen though white may look the natural pick.
    expect(on("#228be6")).toBe("#000000");
  });
});

describe("lengths, fonts, gradients and pictures", () => {
  it("accepts widths in px, %, em, rem or vw and nothing else", () => {
    expect(safeLength("90%")).toBe("90%");
    expect(safeLength("640")).toBe("640px");
    expect(safeLength(320)).toBe("320px");
    expect(safeLength("40rem")).toBe("40rem");
    expect(safeLength("auto")).toBe("auto");
    expect(safeLength("150%")).toBeUndefined();
    expect(safeLength("calc(100% - 1px)")).toBeUndefined();
    expect(safeLength("10px;color:red")).toBeUndefined();
  });

  it("quotes font names, keeps generic families bare and always ends on one", () => {
    expect(safeFontFamily("Georgia, serif")).toBe('"Georgia", serif');
    expect(safeFontFamily("'Open Sans'")).toBe('"Open Sans", sans-serif');
    expect(safeFontFamily('Evil"; } body { color: red')).toBe('"Evil  body  color red", sans-serif');
    expect(safeFontFamily(";{}")).toBeUndefined();
  });

  it("rebuilds linear and radial gradients from checked colours only", () => {
    expect(safeGradient("linear-gradient(90deg, #fff, rgba(0,0,0,.5) 40%)")).toBe(
      "linear-gradient(90deg, rgb(255, 255, 255), rgba(0, 0, 0, 0.5) 40%)",
    );
    expect(safeGradient("radial-gradient(circle, white, blue)")).toBe(
      "radial-gradient(circle, rgb(255, 255, 255), rgb(0, 0, 255))",
    );
    expect(safeGradient("linear-gradient(90deg, url(https://x.test/a), red)")).toBeUndefined();
    expect(safeGradient("linear-gradient(red, blue)); color: red; x: (")).toBeUndefined();
  });

  it("lets only plain https pictures through as url()", () => {
    expect(safeImageUrl("https://cdn.example.com/bg.png?x=1")).toBe(
      'url("https://cdn.example.com/bg.png?x=1")',
    );
    expect(safeImageUrl("http://cdn.example.com/bg.png")).toBeUndefined();
    expect(safeImageUrl('https://x.test/a.png") ; color: red')).toBeUndefined();
    expect(safeImageUrl("javascript:alert(1)")).toBeUndefined();
  });

  it("knows its animations by name", () => {
    expect(safeAnimation("fade")).toBe("fade");
    expect(safeAnimation("spin 1s infinite")).toBeUndefined();
  });
});

describe("a colour's name", () => {
  it("is only one of the named colours, never a property every object has", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])
      expect(parseColour(name), name).toBeUndefined();
    expect(parseColour("Red")).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });
});
