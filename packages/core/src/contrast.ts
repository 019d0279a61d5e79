import { contrastRatio, parseColour, type Rgba } from "./css-values.ts";

/** WCAG 2.1 AA: 4.5:1 for body text, 3:1 for large text (24 px, or 18.66 px bold). */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

export const requiredRatio = (fontSizePx: number, bold = false) =>
  fontSizePx >= 24 || (bold && fontSizePx >= 18.66) ? AA_LARGE : AA_NORMAL;

export interface ContrastCheck {
  ratio: number;
  required: number;
  passes: boolean;
  /** The colour nearest to the text colour that passes on this background, when it does not. */
  suggestion?: string;
}

const hex = ({ r, g, b }: Rgba) =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;

/** A colour mixed toward black (amount < 0) or white (amount > 0), rounded to whole channels. */
function shade(colour: Rgba, amount: number): Rgba {
  const target = amount < 0 ? 0 : 255;
  const mix = (channel: number) => Math.round(channel + (target - channel) * Math.abs(amount));
  return { r: mix(colour.r), g: mix(colour.g), b: mix(colour.b), a: 1 };
}

/**
 * The smallest change toward black or white (keeping the hue) that reads at `required` on
 * `background`: both directions are tried in steps of 1 %, and the one that changes least wins.
 */
function nearestPassingColour(text: Rgba, background: Rgba, required: number): string {
  for (let step = 1; step <= 100; step += 1) {
    for (const direction of [-1, 1]) {
      const candidate = shade(text, (direction * step) / 100);
      if (contrastRatio(candidate, background) >= required) return hex(candidate);
    }
  }
  return "#000000";
}

/** How a text colour reads on a background; undefined when either is not an opaque colour. */
export function checkContrast(
  textColour: unknown,
  backgroundColour: unknown,
  fontSizePx = 16,
  bold = false,
): ContrastCheck | undefined {
  const text = parseColour(textColour);
  const background = parseColour(backgroundColour);
  if (!text || !background || background.a < 1) return undefined;
  const required = requiredRatio(fontSizePx, bold);
  const ratio = contrastRatio({ ...text, a: 1 }, background);
  const passes = ratio >= required;
  return {
    ratio: Math.round(ratio * 100) / 100,
    required,
    passes,
    ...(passes ? {} : { suggestion: nearestPassingColour(text, background, required) }),
  };
}

/**
 * The secondary text colour (descriptions, comments) for a text colour on a surface: the text
 * softened toward the surface, as far as it still reads at 4.5:1.
 */
export function mutedOn(text: Rgba, surface: Rgba): string {
  const mix = (share: number): Rgba => ({
    r: Math.round(text.r * (1 - share) + surface.r * share),
    g: Math.round(text.g * (1 - share) + surface.g * share),
    b: Math.round(text.b * (1 - share) + surface.b * share),
    a: 1,
  });
  for (const share of [0.3, 0.2, 0.1])
    if (contrastRatio(mix(share), surface) >= AA_NORMAL) return hex(mix(share));
  return hex(text);
}

/** Whether a colour is light enough that dark surfaces are what it reads on. */
export const isLightColour = ({ r, g, b }: Rgba) => 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
