import { describe, expect, it } from "vitest";
import { FONTS, servedFont, usedFonts } from "./fonts.ts";

describe("served fonts", () => {
  it("offers at least 20 open fonts, each with a unique id and family", () => {
    expect(FONTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(FONTS.map((font) => font.id)).size).toBe(FONTS.length);
    expect(new Set(FONTS.map((font) => font.family)).size).toBe(FONTS.length);
  });

  it("knows a stack by its first name, quoted or not", () => {
    expect(servedFont('"Playfair Display", serif')?.id).toBe("playfair-display");
    expect(servedFont("lora")?.id).toBe("lora");
    expect(servedFont("Georgia, serif")).toBeUndefined();
  });

  it("lists the fonts a form uses once, from every level and custom-styled elements only", () => {
    const used = usedFonts(
      {
        formStyling: { fontFamily: "Inter, sans-serif" },
        fieldsGeneralStyling: { fontFamily: "Inter" },
        fieldsTypesStyling: { email: { fontFamily: "Lora" } },
      },
      [
        { styleSettings: { hasCustomStyling: true, fieldsStyling: { fontFamily: "Caveat" } } },
        { styleSettings: { hasCustomStyling: false, fieldsStyling: { fontFamily: "Oswald" } } },
      ],
    );
    expect(used.map((font) => font.id)).toEqual(["inter", "lora", "caveat"]);
  });
});
