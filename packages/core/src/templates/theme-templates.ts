import type { TThemeStyling } from "../api/themes.ts";
import type { TStyle } from "../style-schema.ts";

/**
 * The starter themes of the templates page (forms.md §2 "Templates: themes"): stylings a form
 * can take on at once, or that a user saves among their own themes to adjust. Each pairs one of
 * the served fonts (fonts.ts) with colours whose text reads at WCAG AA on its surfaces.
 */
export interface ThemeTemplate {
  id: string;
  name: string;
  description: string;
  styling: TThemeStyling;
}

interface Palette {
  /** The page behind the form and the form's own surface. */
  page: string;
  text: string;
  /** Headings: the form's title and section titles. */
  title?: string;
  accent: string;
  field: string;
  border: string;
}

interface Shape {
  radius?: number;
  buttonRadius?: number;
  fontFamily?: string;
  /** A background drawn over the form's colour (a gradient). */
  gradient?: string;
  /** The page around the form: a colour or a gradient. */
  surround?: string;
  questionFontSize?: number;
  titleFontSize?: number;
  fontWeight?: number;
  padding?: number;
  animation?: TStyle["animation"];
}

const theme = (
  id: string,
  name: string,
  description: string,
  colours: Palette,
  shape: Shape = {},
): ThemeTemplate => ({
  id,
  name,
  description,
  styling: {
    formStyling: {
      background: colours.page,
      color: colours.text,
      buttonColor: colours.accent,
      buttonRadius: shape.buttonRadius ?? shape.radius ?? 4,
      radius: shape.radius ?? 4,
      ...(colours.title ? { titleColor: colours.title } : {}),
      ...(shape.fontFamily ? { fontFamily: shape.fontFamily } : {}),
      ...(shape.gradient ? { gradient: shape.gradient } : {}),
      ...(shape.surround ? { pageBackground: shape.surround } : {}),
      ...(shape.titleFontSize ? { titleFontSize: shape.titleFontSize } : {}),
      ...(shape.animation ? { animation: shape.animation } : {}),
    },
    fieldsGeneralStyling: {
      background: colours.field,
      borderColor: colours.border,
      borderStyle: "solid",
      borderWidth: 1,
      radius: shape.radius ?? 4,
      ...(shape.padding ? { padding: shape.padding } : {}),
      ...(shape.questionFontSize ? { questionFontSize: shape.questionFontSize } : {}),
      ...(shape.fontWeight ? { fontWeight: shape.fontWeight } : {}),
    },
    fieldsTypesStyling: {},
    formColor: colours.accent,
  },
});

export const THEME_TEMPLATES: readonly ThemeTemplate[] = [
  theme(
    "clear-sky",
    "Clear sky",
    "White page, blue accents and Inter: calm and familiar.",
    {
      page: "#ffffff",
      text: "#1f2933",
      title: "#0b3d6e",
      accent: "#1864ab",
      field: "#ffffff",
      border: "#c1c7d0",
    },
    { fontFamily: "Inter" },
  ),
  theme(
    "night",
    "Night",
    "Dark page with light text, for forms shown in the evening or on dark sites.",
    { page: "#1a1b1e", text: "#f1f3f5", accent: "#4dabf7", field: "#25262b", border: "#5c5f66" },
    { radius: 6, fontFamily: "DM Sans", surround: "#101113" },
  ),
  theme(
    "warm-sand",
    "Warm sand",
    "Soft beige with a terracotta button and a serif font.",
    {
      page: "#fbf6ee",
      text: "#3d2c1e",
      title: "#7a2e12",
      accent: "#a63d1c",
      field: "#ffffff",
      border: "#d9c7ae",
    },
    { radius: 2, fontFamily: "Lora" },
  ),
  theme(
    "forest",
    "Forest",
    "Green accents on a pale page, rounded fields.",
    { page: "#f3f8f4", text: "#1b3a28", accent: "#2b8a3e", field: "#ffffff", border: "#a9c9b2" },
    { radius: 10, fontFamily: "Nunito" },
  ),
  theme(
    "minimal",
    "Minimal",
    "Black and white, square corners, nothing to distract.",
    { page: "#ffffff", text: "#111111", accent: "#111111", field: "#ffffff", border: "#111111" },
    { radius: 0, fontFamily: "IBM Plex Sans" },
  ),
  theme(
    "grape",
    "Grape",
    "A lilac page and a deep violet button, friendly for quizzes.",
    {
      page: "#f8f0fc",
      text: "#2b1a3a",
      title: "#5f3dc4",
      accent: "#7048e8",
      field: "#ffffff",
      border: "#cdb8e6",
    },
    { radius: 8, fontFamily: "Outfit" },
  ),
  theme(
    "editorial",
    "Editorial",
    "A magazine page: Playfair headings, generous space and an ink-black button.",
    {
      page: "#fffdf8",
      text: "#222222",
      title: "#111111",
      accent: "#1c1c1c",
      field: "#fffdf8",
      border: "#bdb6a6",
    },
    { radius: 0, fontFamily: "Playfair Display", titleFontSize: 36, padding: 14, surround: "#efe9dd" },
  ),
  theme(
    "sunrise",
    "Sunrise",
    "A warm gradient from peach to rose behind white cards, with a coral button.",
    { page: "#fff4ec", text: "#3b1f1a", accent: "#c2410c", field: "#ffffff", border: "#f3c6ad" },
    {
      radius: 12,
      fontFamily: "Plus Jakarta Sans",
      gradient: "linear-gradient(160deg, #fff4ec, #ffe3e3)",
      surround: "linear-gradient(160deg, #ffd8a8, #fcc2d7)",
    },
  ),
  theme(
    "ocean",
    "Ocean",
    "Deep navy text on a sea-glass page, teal accents and soft corners.",
    {
      page: "#eefaf8",
      text: "#0b2e3b",
      title: "#0b4f5c",
      accent: "#0b7285",
      field: "#ffffff",
      border: "#99d6cf",
    },
    { radius: 8, fontFamily: "Manrope", surround: "linear-gradient(180deg, #c5f6fa, #e3fafc)" },
  ),
  theme(
    "midnight-neon",
    "Midnight neon",
    "Near-black with a bright lime button, for events and launches.",
    {
      page: "#0f1115",
      text: "#e9ecef",
      title: "#d8f5a2",
      accent: "#a9e34b",
      field: "#181b21",
      border: "#495057",
    },
    { radius: 10, fontFamily: "Space Grotesk", buttonRadius: 24, surround: "#050608" },
  ),
  theme(
    "corporate",
    "Corporate",
    "Restrained slate and navy with Roboto: for HR, IT and finance forms.",
    {
      page: "#f8fafc",
      text: "#1e293b",
      title: "#0f2a4d",
      accent: "#1d4ed8",
      field: "#ffffff",
      border: "#cbd5e1",
    },
    { radius: 4, fontFamily: "Roboto" },
  ),
  theme(
    "playful",
    "Playful",
    "Sunny yellow, round shapes and a chunky button: for kids' clubs and party invitations.",
    {
      page: "#fff9db",
      text: "#2d2300",
      title: "#862e9c",
      accent: "#862e9c",
      field: "#ffffff",
      border: "#f0d264",
    },
    { radius: 16, fontFamily: "Rubik", buttonRadius: 28, animation: "zoom" },
  ),
  theme(
    "wellness",
    "Wellness",
    "Sage and cream with Raleway, light and airy for clinics and studios.",
    {
      page: "#f6f7f2",
      text: "#2f3a2f",
      title: "#3d5a40",
      accent: "#3d6b45",
      field: "#ffffff",
      border: "#c7d1bf",
    },
    { radius: 20, fontFamily: "Raleway", padding: 14 },
  ),
  theme(
    "classic-serif",
    "Classic serif",
    "EB Garamond on ivory with a burgundy button: invitations, RSVPs and alumni surveys.",
    {
      page: "#fbf8f1",
      text: "#2a2320",
      title: "#6d1a2a",
      accent: "#8c1d35",
      field: "#fffdf8",
      border: "#d6c9b5",
    },
    { radius: 2, fontFamily: "EB Garamond", questionFontSize: 18 },
  ),
  theme(
    "tech",
    "Tech",
    "Cool greys, an electric-blue button and Work Sans: for product and developer surveys.",
    {
      page: "#f4f6fa",
      text: "#16202c",
      title: "#1c3d8f",
      accent: "#2b59c3",
      field: "#ffffff",
      border: "#c3cbd8",
    },
    { radius: 6, fontFamily: "Work Sans" },
  ),
];

export const themeTemplate = (id: string) => THEME_TEMPLATES.find((template) => template.id === id);
