import { describe, expect, it } from "vitest";
import { checkContrast } from "./contrast.ts";
import { contrastRatio, parseColour } from "./css-values.ts";
import { styleProblems } from "./style-guard.ts";
import { ZStyle } from "./style-schema.ts";

const refusals = (style: Record<string, unknown>) => {
  const parsed = ZStyle.safeParse(style);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
};

describe("the style grammar", () => {
  it("refuses a hostile theme value by value, naming the property", () => {
    expect(refusals({ margin: -5000 })).toEqual(["margin:style.value.invalid"]);
    expect(refusals({ questionFontSize: 0 })).toEqual(["questionFontSize:style.size.too_small"]);
    expect(refusals({ background: "url(javascript:alert(1))" })).toEqual(["background:style.css.forbidden"]);
    expect(refusals({ background: "url(http://evil.test/a.png)" })).toEqual([
      "background:style.url.forbidden",
    ]);
    expect(refusals({ background: "expression(alert(1))" })).toEqual(["background:style.css.forbidden"]);
    expect(refusals({ fontFamily: "@import 'https://evil.test/x.css'" })).toEqual([
      "fontFamily:style.css.forbidden",
    ]);
    expect(refusals({ color: "red; } .fl-form { display: none" })).toEqual(["color:style.css.forbidden"]);
    expect(refusals({ width: "0px" })).toEqual(["width:style.hidden"]);
    expect(refusals({ opacity: 0 })).toEqual(["opacity:style.hidden"]);
    expect(refusals({ customThing: "x: expression(1)" })).toEqual(["customThing:style.css.forbidden"]);
  });

  it("keeps what a designer writes", () => {
    const good = {
      background: "url(https://images.example.com/cover.jpg)",
      backgroundSize: "cover",
      gradient: "linear-gradient(90deg, #ffffff, rgba(0,0,0,.5) 40%)",
      color: "#1f2430",
      fontFamily: "Inter, sans-serif",
      width: "90%",
      margin: 10,
      questionFontSize: 16,
      opacity: 0.9,
      animation: "fade",
      titleColor: "hsl(210, 50%, 20%)",
    };
    expect(refusals(good)).toEqual([]);
    expect(styleProblems({ background: "/api/assets/0123456789abcdef0123456789abcdef" })).toEqual([]);
    expect(styleProblems({ background: "/etc/passwd" })).toEqual([
      { property: "background", code: "style.url.forbidden" },
    ]);
  });
});

describe("contrast", () => {
  it("passes dark text on white and flags light grey, offering the nearest passing colour", () => {
    expect(checkContrast("#1f2430", "#ffffff")?.passes).toBe(true);
    const weak = checkContrast("#aaaaaa", "#ffffff");
    expect(weak?.passes).toBe(false);
    const suggestion = parseColour(weak?.suggestion);
    expect(suggestion).toBeDefined();
    expect(contrastRatio(suggestion!, parseColour("#ffffff")!)).toBeGreaterThanOrEqual(4.5);
    // Nearest: a darker grey, not black.
    expect(weak?.suggestion).not.toBe("#000000");
  });

  it("asks 3:1 of large text", () => {
    expect(checkContrast("#949494", "#ffffff", 16)?.passes).toBe(false);
    expect(checkContrast("#949494", "#ffffff", 24)?.passes).toBe(true);
  });

  it("brightens text on a dark page", () => {
    const check = checkContrast("#3b5bdb", "#1a1b1e");
    expect(check?.passes).toBe(false);
    expect(contrastRatio(parseColour(check?.suggestion)!, parseColour("#1a1b1e")!)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});

describe("the whole model as CSS variables", () => {
  it("draws picture placement, per-text colours, weight, button text and our own pictures", async () => {
    const { formStyleVariables } = await import("./styling.ts");
    const vars = formStyleVariables({
      background: "/api/assets/0123456789abcdef0123456789abcdef",
      backgroundSize: "contain",
      backgroundPosition: "top",
      backgroundRepeat: "repeat-x",
      titleColor: "#112233",
      placeholderColor: "#445566",
      fontWeight: 500,
      buttonColor: "#ffd43b",
      buttonTextColor: "#1f2430",
    });
    expect(vars).toMatchObject({
      "--fl-form-image": 'url("/api/assets/0123456789abcdef0123456789abcdef")',
      "--fl-form-image-size": "contain",
      "--fl-form-image-position": "top",
      "--fl-form-image-repeat": "repeat-x",
      "--fl-title-colour": "rgb(17, 34, 51)",
      "--fl-placeholder-colour": "rgb(68, 85, 102)",
      "--fl-weight": "500",
      "--fl-on-button": "rgb(31, 36, 48)",
    });
  });
});
