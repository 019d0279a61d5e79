import type { TBrandKit } from "./api/brand-kit.ts";
import { parseColour, readableOn } from "./css-values.ts";
import { fontById, fontStack } from "./fonts.ts";
import type { TFormSettings } from "./form-schema.ts";

type Branded = Pick<TFormSettings, "logo" | "formColor" | "formStyling" | "welcomeScreen">;

/** Whether the kit sets anything at all: an empty kit applies nothing. */
export function isEmptyBrandKit(kit: TBrandKit): boolean {
  return Object.values(kit).every((value) => value === "");
}

/**
 * The settings a form takes from a brand kit: its logo over the page, its cover on the welcome
 * screen, its font and colours in the form's own styling (buttons with a text colour that reads
 * on them). Parts the kit leaves unset keep the form's own.
 */
export function brandedSettings(settings: Branded, kit: TBrandKit): Branded {
  const style = { ...settings.formStyling };
  const font = fontById(kit.fontId);
  if (font) style.fontFamily = fontStack(font);
  const primary = parseColour(kit.primaryColor);
  if (primary) {
    style.buttonColor = kit.primaryColor;
    style.buttonTextColor = readableOn(primary);
  }
  if (kit.backgroundColor) style.pageBackground = kit.backgroundColor;
  if (kit.textColor) {
    // The form's text, and the kinds of text the form level may colour apart from it.
    style.color = kit.textColor;
    style.titleColor = kit.textColor;
    style.questionColor = kit.textColor;
    style.valueColor = kit.textColor;
  }
  return {
    logo: kit.logo || settings.logo,
    formColor: kit.primaryColor || settings.formColor,
    formStyling: style,
    welcomeScreen: kit.cover ? { ...settings.welcomeScreen, picture: kit.cover } : settings.welcomeScreen,
  };
}
