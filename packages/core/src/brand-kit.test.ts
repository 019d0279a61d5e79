import { describe, expect, it } from "vitest";
import { ZBrandKit } from "./api/brand-kit.ts";
import { brandedSettings, isEmptyBrandKit } from "./brand-kit.ts";
import { ZFormSettings } from "./form-schema.ts";
import { ZStyle } from "./styling.ts";

const kit = ZBrandKit.parse({
  logo: "/api/assets/0123456789abcdef0123456789abcdef",
  cover: "https://cdn.example.com/cover.jpg",
  primaryColor: "#7b2cbf",
  backgroundColor: "#fdf6ec",
  textColor: "#2b2d42",
  fontId: "lora",
});

describe("a brand kit", () => {
  it("gives a new form its logo, cover, font and colours, in values the form's own grammar takes", () => {
    const form = ZFormSettings.parse({ title: "Survey" });
    const branded = brandedSettings(form, kit);
    expect(branded.logo).toBe(kit.logo);
    expect(branded.welcomeScreen.picture).toBe(kit.cover);
    expect(branded.formColor).toBe("#7b2cbf");
    expect(branded.formStyling).toMatchObject({
      fontFamily: "Lora, serif",
      buttonColor: "#7b2cbf",
      buttonTextColor: "#ffffff",
      pageBackground: "#fdf6ec",
      // The kit's text colour is the form's text: titles, questions, answers and the rest.
      color: "#2b2d42",
      titleColor: "#2b2d42",
      questionColor: "#2b2d42",
      valueColor: "#2b2d42",
    });
    expect(ZStyle.safeParse(branded.formStyling).success).toBe(true);
    expect(ZFormSettings.safeParse({ ...form, ...branded }).success).toBe(true);
  });

  it("leaves what it does not set as the form had it", () => {
    const form = ZFormSettings.parse({ formColor: "#123456", formStyling: { radius: 12 }, logo: "" });
    const branded = brandedSettings(form, ZBrandKit.parse({ textColor: "#111111" }));
    expect(branded.formColor).toBe("#123456");
    expect(branded.formStyling).toEqual({
      radius: 12,
      color: "#111111",
      titleColor: "#111111",
      questionColor: "#111111",
      valueColor: "#111111",
    });
    expect(branded.welcomeScreen).toEqual(form.welcomeScreen);
    expect(isEmptyBrandKit(ZBrandKit.parse({}))).toBe(true);
    expect(isEmptyBrandKit(kit)).toBe(false);
  });

  it("refuses a picture from elsewhere, a colour that is not one, and a font the app does not serve", () => {
    const bad = ZBrandKit.safeParse({
      logo: "http://evil.example/x.png",
      primaryColor: "red; x",
      fontId: "comic",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["logo", "style.url.forbidden"],
      ["primaryColor", "style.value.invalid"],
      ["fontId", "brand_kit.font.unknown"],
    ]);
  });
});
