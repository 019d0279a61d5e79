import type { TThemeStyling } from "../api/themes.ts";

/**
 * The starter themes of the templates page (forms.md §2 "Templates: themes"): stylings a form
 * can take on at once, or that a user saves among their own themes to adjust.
 */
export interface ThemeTemplate {
  id: string;
  name: string;
  description: string;
  styling: TThemeStyling;
}

const theme = (
  id: string,
  name: string,
  description: string,
  colours: { page: string; text: string; accent: string; field: string; border: string },
  extra: { radius?: number; fontFamily?: string } = {},
): ThemeTemplate => ({
  id,
  name,
  description,
  styling: {
    formStyling: {
      background: colours.page,
      color: colours.text,
      buttonColor: colours.accent,
      buttonRadius: extra.radius ?? 4,
      radius: extra.radius ?? 4,
      ...(extra.fontFamily ? { fontFamily: extra.fontFamily } : {}),
    },
    fieldsGeneralStyling: {
      background: colours.field,
      borderColor: colours.border,
      borderStyle: "solid",
      borderWidth: 1,
      radius: extra.radius ?? 4,
    },
    fieldsTypesStyling: {},
    formColor: colours.accent,
  },
});

export const THEME_TEMPLATES: readonly ThemeTemplate[] = [
  theme("clear-sky", "Clear sky", "White page, blue accents: calm and familiar.", {
    page: "#ffffff",
    text: "#1f2933",
    accent: "#1864ab",
    field: "#ffffff",
    border: "#c1c7d0",
  }),
  theme(
    "night",
    "Night",
    "Dark page with light text, for forms shown in the evening or on dark sites.",
    { page: "#1a1b1e", text: "#f1f3f5", accent: "#4dabf7", field: "#25262b", border: "#5c5f66" },
    { radius: 6 },
  ),
  theme(
    "warm-sand",
    "Warm sand",
    "Soft beige with a terracotta button and a serif font.",
    { page: "#fbf6ee", text: "#3d2c1e", accent: "#a63d1c", field: "#ffffff", border: "#d9c7ae" },
    { radius: 2, fontFamily: "Georgia, serif" },
  ),
  theme(
    "forest",
    "Forest",
    "Green accents on a pale page, rounded fields.",
    { page: "#f3f8f4", text: "#1b3a28", accent: "#2b8a3e", field: "#ffffff", border: "#a9c9b2" },
    { radius: 10 },
  ),
  theme(
    "minimal",
    "Minimal",
    "Black and white, square corners, nothing to distract.",
    { page: "#ffffff", text: "#111111", accent: "#111111", field: "#ffffff", border: "#111111" },
    { radius: 0 },
  ),
  theme(
    "grape",
    "Grape",
    "A lilac page and a deep violet button, friendly for quizzes.",
    { page: "#f8f0fc", text: "#2b1a3a", accent: "#7048e8", field: "#ffffff", border: "#cdb8e6" },
    { radius: 8 },
  ),
];

export const themeTemplate = (id: string) => THEME_TEMPLATES.find((template) => template.id === id);
