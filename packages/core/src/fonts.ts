/**
 * The open fonts (SIL OFL) the app serves itself from npm packages, never from a font CDN. A form
 * loads only the ones its styling names: the public page links `/fonts/<id>.css`, whose faces the
 * browser fetches per script (unicode-range), so a form in English fetches the Latin files alone.
 */
export interface FontChoice {
  /** The package's name after `@fontsource-variable/`, and the font's address. */
  id: string;
  /** The family name a style writes (`fontFamily: "Inter"`). */
  family: string;
  /** The generic family written after it, for the instant before it arrives. */
  fallback: "sans-serif" | "serif" | "monospace" | "cursive";
}

const sans = (id: string, family: string): FontChoice => ({ id, family, fallback: "sans-serif" });
const serif = (id: string, family: string): FontChoice => ({ id, family, fallback: "serif" });

export const FONTS: readonly FontChoice[] = [
  sans("inter", "Inter"),
  sans("roboto", "Roboto"),
  sans("open-sans", "Open Sans"),
  sans("montserrat", "Montserrat"),
  sans("nunito", "Nunito"),
  sans("raleway", "Raleway"),
  sans("work-sans", "Work Sans"),
  sans("dm-sans", "DM Sans"),
  sans("manrope", "Manrope"),
  sans("figtree", "Figtree"),
  sans("outfit", "Outfit"),
  sans("ibm-plex-sans", "IBM Plex Sans"),
  sans("space-grotesk", "Space Grotesk"),
  sans("rubik", "Rubik"),
  sans("oswald", "Oswald"),
  sans("plus-jakarta-sans", "Plus Jakarta Sans"),
  sans("karla", "Karla"),
  serif("lora", "Lora"),
  serif("merriweather", "Merriweather"),
  serif("playfair-display", "Playfair Display"),
  serif("source-serif-4", "Source Serif 4"),
  serif("eb-garamond", "EB Garamond"),
  serif("roboto-slab", "Roboto Slab"),
  serif("fraunces", "Fraunces"),
  { id: "jetbrains-mono", family: "JetBrains Mono", fallback: "monospace" },
  { id: "caveat", family: "Caveat", fallback: "cursive" },
];

const byFamily = new Map(FONTS.map((font) => [font.family.toLowerCase(), font]));

export const fontById = (id: string) => FONTS.find((font) => font.id === id);

/** The served font a font stack starts with, if it starts with one. */
export function servedFont(fontFamily: unknown): FontChoice | undefined {
  if (typeof fontFamily !== "string") return undefined;
  const first =
    fontFamily
      .split(",")[0]
      ?.trim()
      .replace(/^["']|["']$/g, "") ?? "";
  return byFamily.get(first.toLowerCase());
}

/** The stack a style writes for a served font: the family, then its generic fallback. */
export const fontStack = (font: FontChoice) => `${font.family}, ${font.fallback}`;

interface Styled {
  formStyling?: Readonly<Record<string, unknown>>;
  fieldsGeneralStyling?: Readonly<Record<string, unknown>>;
  fieldsTypesStyling?: Readonly<Partial<Record<string, Readonly<Record<string, unknown>>>>>;
}

/** The served fonts a form's styling names at any level, its elements' own included, once each. */
export function usedFonts(
  settings: Styled,
  elements: ReadonlyArray<{ styleSettings?: { hasCustomStyling?: boolean; fieldsStyling?: unknown } }> = [],
): FontChoice[] {
  const styles = [
    settings.formStyling,
    settings.fieldsGeneralStyling,
    ...Object.values(settings.fieldsTypesStyling ?? {}),
    ...elements
      .filter((element) => element.styleSettings?.hasCustomStyling)
      .map((element) => element.styleSettings?.fieldsStyling as Record<string, unknown> | undefined),
  ];
  const found = new Map<string, FontChoice>();
  for (const style of styles) {
    const font = servedFont(style?.fontFamily);
    if (font) found.set(font.id, font);
  }
  return [...found.values()];
}

/** Where the page finds a font's faces. */
export const fontStylesheet = (font: FontChoice) => `/fonts/${font.id}.css`;
