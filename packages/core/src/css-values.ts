/**
 * Style values that authors type go into the respondent's page as CSS. Each one is checked
 * against a small grammar here and dropped when it does not fit, so no author can close a
 * declaration, load a resource or run anything through a colour or a font name.
 */
import { servedFont } from "./fonts.ts";

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NAMED_COLOURS: Readonly<Record<string, string>> = {
  black: "#000000",
  white: "#ffffff",
  gray: "#808080",
  grey: "#808080",
  silver: "#c0c0c0",
  red: "#ff0000",
  maroon: "#800000",
  orange: "#ffa500",
  yellow: "#ffff00",
  olive: "#808000",
  lime: "#00ff00",
  green: "#008000",
  teal: "#008080",
  aqua: "#00ffff",
  cyan: "#00ffff",
  blue: "#0000ff",
  navy: "#000080",
  purple: "#800080",
  fuchsia: "#ff00ff",
  magenta: "#ff00ff",
  pink: "#ffc0cb",
  brown: "#a52a2a",
  transparent: "#00000000",
};

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUMBER})(deg|%)?\s*[, ]\s*(${NUMBER})%?\s*[, ]\s*(${NUMBER})%?\s*(?:[,/]\s*(${NUMBER})(%)?\s*)?\)$`,
  "i",
);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function hexToRgba(hex: string): Rgba {
  const digits = hex.slice(1);
  const long = digits.length <= 4 ? [...digits].map((d) => d + d).join("") : digits;
  const channel = (i: number) => Number.parseInt(long.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: long.length === 8 ? channel(3) / 255 : 1 };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = clamp(s, 0, 100) / 100;
  const light = clamp(l, 0, 100) / 100;
  const q = light < 0.5 ? light * (1 + sat) : light + sat - light * sat;
  const p = 2 * light - q;
  const part = (t: number) => {
    const x = ((t % 1) + 1) % 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [part(hue + 1 / 3) * 255, part(hue) * 255, part(hue - 1 / 3) * 255];
}

/** A colour as hex, rgb()/rgba(), hsl()/hsla() or a common name; undefined for anything else. */
export function parseColour(input: unknown): Rgba | undefined {
  if (typeof input !== "string") return undefined;
  const text = input.trim().toLowerCase();
  // Only the table's own names: "constructor" is a key of every object, not a colour.
  const named = Object.hasOwn(NAMED_COLOURS, text) ? NAMED_COLOURS[text] : undefined;
  if (named) return hexToRgba(named);
  if (HEX.test(text)) return hexToRgba(text);
  const match = FUNCTIONAL.exec(text);
  if (!match) return undefined;
  const [, fn = "", first = "0", , second = "0", third = "0", alpha, alphaPercent] = match;
  const a = alpha === undefined ? 1 : clamp(Number(alpha) / (alphaPercent ? 100 : 1), 0, 1);
  if (fn.startsWith("rgb")) {
    const [r, g, b] = [first, second, third].map((v) => clamp(Number(v), 0, 255)) as [number, number, number];
    return { r, g, b, a };
  }
  const [r, g, b] = hslToRgb(Number(first), Number(second), Number(third));
  return { r, g, b, a };
}

/** The colour written back as plain CSS, or undefined when it is not a colour. */
export function safeColour(input: unknown): string | undefined {
  const colour = parseColour(input);
  if (!colour) return undefined;
  const { r, g, b, a } = colour;
  const round = (n: number) => Math.round(n);
  return a === 1
    ? `rgb(${round(r)}, ${round(g)}, ${round(b)})`
    : `rgba(${round(r)}, ${round(g)}, ${round(b)}, ${Number(a.toFixed(3))})`;
}

const relativeLuminance = ({ r, g, b }: Rgba) => {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(one: Rgba, two: Rgba): number {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(two)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const INK: Rgba = { r: 0x1f, g: 0x24, b: 0x30, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** Text colour to write on a coloured surface: white, else our ink, else black — the first that reads at 4.5:1. */
export function readableOn(background: Rgba): string {
  const candidates: Array<[string, Rgba]> = [
    ["#ffffff", WHITE],
    ["#1f2430", INK],
    ["#000000", BLACK],
  ];
  const good = candidates.find(([, colour]) => contrastRatio(colour, background) >= 4.5);
  if (good) return good[0];
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? "#ffffff" : "#000000";
}

const LENGTH = /^(\d{1,4}(?:\.\d{1,3})?)(px|%|em|rem|vw)$/;

/** A width such as `90%`, `640px`, `40rem` or `auto`; a bare number is taken as pixels. */
export function safeLength(input: unknown): string | undefined {
  if (typeof input === "number")
    return Number.isFinite(input) && input >= 0 && input <= 10_000 ? `${input}px` : undefined;
  if (typeof input !== "string") return undefined;
  const text = input.trim().toLowerCase();
  if (text === "auto") return "auto";
  if (/^\d{1,4}(?:\.\d{1,3})?$/.test(text)) return `${text}px`;
  const match = LENGTH.exec(text);
  if (!match) return undefined;
  if (match[2] === "%" && Number(match[1]) > 100) return undefined;
  return text;
}

/** A number of pixels within bounds, written as CSS. */
export function safePixels(input: unknown, max = 500): string | undefined {
  return typeof input === "number" && Number.isFinite(input) && input >= 0 && input <= max
    ? `${input}px`
    : undefined;
}

/** Generic families and the fonts every system offers; other names are quoted with only letters kept. */
const GENERIC_FAMILIES = new Set(["serif", "sans-serif", "monospace", "cursive", "system-ui"]);

/** A font stack of at most four names: generic names bare, the others quoted and stripped to safe characters. */
export function safeFontFamily(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const names = input
    .split(",")
    .map((name) =>
      name
        .trim()
        .replace(/^["']|["']$/g, "")
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 4);
  const written = names
    .map((name) => {
      const lower = name.toLowerCase();
      if (GENERIC_FAMILIES.has(lower)) return lower;
      const clean = name
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .trim()
        .slice(0, 60);
      return clean ? `"${clean}"` : undefined;
    })
    .filter((name): name is string => name !== undefined);
  if (written.length === 0) return undefined;
  // Always end on a generic family so a missing font never falls back to a serif by surprise.
  return written.some((name) => GENERIC_FAMILIES.has(name))
    ? written.join(", ")
    : `${written.join(", ")}, ${servedFont(input)?.fallback ?? "sans-serif"}`;
}

const ANGLE = /^-?\d{1,3}(?:\.\d+)?deg$|^to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?$/;
const STOP_POSITION = /^\d{1,3}(?:\.\d+)?%$/;

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth += 1;
    if (char === ")") depth -= 1;
    if (depth < 0) return [];
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current.trim());
  return depth === 0 ? parts : [];
}

/** One part of a gradient: its direction (first only) or a colour stop; undefined when unreadable. */
function gradientPart(kind: string, part: string, index: number): string | undefined {
  const lower = part.toLowerCase();
  if (index === 0 && kind === "linear" && ANGLE.test(lower)) return lower;
  if (index === 0 && kind === "radial" && /^(?:circle|ellipse)(?: at center)?$/.test(lower)) return lower;
  const stop = /^(.*?)(?:\s+(\d{1,3}(?:\.\d+)?%))?$/.exec(part);
  const colour = safeColour(stop?.[1]);
  if (!colour) return undefined;
  const position = stop?.[2];
  return position && STOP_POSITION.test(position) ? `${colour} ${position}` : colour;
}

/**
 * A linear or radial gradient of checked colours, rebuilt from its parts: `linear-gradient(90deg,
 * #fff, rgba(0,0,0,.5) 40%)`. Anything it cannot read is dropped.
 */
export function safeGradient(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const match = /^(linear|radial)-gradient\((.*)\)$/i.exec(input.trim());
  if (!match) return undefined;
  const kind = (match[1] ?? "linear").toLowerCase();
  const parts = splitTopLevel(match[2] ?? "");
  if (parts.length < 2) return undefined;
  const written = parts.map((part, index) => gradientPart(kind, part, index));
  if (written.some((part) => part === undefined)) return undefined;
  return `${kind}-gradient(${written.join(", ")})`;
}

/** A background picture: only an https address of letters, digits and URL punctuation (no quotes, spaces or brackets). */
export function safeImageUrl(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const text = input.trim();
  const ok =
    text.length <= 2000 &&
    /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][\w\-.~:/?#[\]@!$&*+,;=%]*)?$/i.test(text);
  return ok ? `url("${text}")` : undefined;
}

/** Entrance animations the renderer draws (see renderer's styling.css). */
export const ANIMATIONS = ["none", "fade", "slide-up", "slide-in", "zoom"] as const;
export type Animation = (typeof ANIMATIONS)[number];

export function safeAnimation(input: unknown): Animation | undefined {
  return ANIMATIONS.find((name) => name === input);
}
