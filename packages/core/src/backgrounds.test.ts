import { describe, expect, it } from "vitest";
import { BACKGROUND_GROUPS, groupedBackgrounds } from "./backgrounds.ts";
import { AA_NORMAL } from "./contrast.ts";
import { contrastRatio, parseColour } from "./css-values.ts";
import { LOCALES } from "./locales.ts";
import { styleProblems } from "./style-guard.ts";
import { formStyleVariables } from "./styling.ts";

/** The renderer's default text colour (renderer.css `--fl-text`). */
const DEFAULT_TEXT = parseColour("#1f2430")!;
const COLOUR = /#[0-9a-f]{6}/gi;

describe("the background library", () => {
  const all = BACKGROUND_GROUPS.flatMap((group) => group.backgrounds);

  it("offers only values a save takes, for the form and the page around it, and draws each", () => {
    for (const item of all) {
      expect(
        styleProblems({ background: item.background, pageBackground: item.background }),
        item.id,
      ).toEqual([]);
      const vars = formStyleVariables({ background: item.background, pageBackground: item.background });
      expect(vars["--fl-form-background"] ?? vars["--fl-form-image"], item.id).toBeDefined();
      expect(vars["--fl-page-background"] ?? vars["--fl-page-image"], item.id).toBeDefined();
    }
  });

  it("keeps the default text readable on every colour of every background", () => {
    for (const item of all) {
      for (const colour of item.background.match(COLOUR) ?? []) {
        expect(
          contrastRatio(DEFAULT_TEXT, parseColour(colour)!),
          `${item.id} ${colour}`,
        ).toBeGreaterThanOrEqual(AA_NORMAL);
      }
    }
  });

  it("names every group and background in every language, under ids used once", () => {
    const ids = [...BACKGROUND_GROUPS.map((group) => group.id), ...all.map((item) => item.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const locale of LOCALES) {
      for (const group of groupedBackgrounds(locale)) {
        expect(group.name.length, `${locale} ${group.id}`).toBeGreaterThan(0);
        for (const item of group.backgrounds)
          expect(item.name.length, `${locale} ${item.id}`).toBeGreaterThan(0);
      }
    }
    expect(groupedBackgrounds("it")[1]?.backgrounds[0]).toEqual({
      id: "dawn",
      name: "Alba",
      background: "linear-gradient(135deg, #fff9db, #ffe8cc)",
    });
  });
});
