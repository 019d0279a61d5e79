import {
  type CssNode,
  type Declaration,
  type FunctionNode,
  generate,
  type List,
  parse,
  type Rule,
  type Selector,
  type StyleSheet,
  walk,
} from "css-tree";
import { parseColour } from "./css-values.ts";
import { isAllowedPicture, MIN_FONT_SIZE, MIN_OPACITY, type StyleProblemCode } from "./style-guard.ts";

/**
 * An author's own style sheet for one form (forms.md §3 "Styling", advanced). It is read by a CSS
 * parser, never by patterns, and rewritten so every selector starts at the form's root: nothing
 * outside the form can be reached, and the refusals of the style guard hold here too: nothing
 * loads or runs, and nothing hides the questions, shrinks their text or moves the buttons away.
 */

/**
 * The element the public page draws the form in, with its welcome and thank-you screens
 * (apps/web/src/fill/themed-page.tsx): every author selector is put under it.
 */
export const CUSTOM_CSS_ROOT = ".fill-theme";
export const CUSTOM_CSS_MAX_LENGTH = 20_000;

export type CustomCssCode = StyleProblemCode | "style.css.invalid" | "style.css.selector";

export type CustomCssResult = { ok: true; css: string } | { ok: false; code: CustomCssCode; line?: number };

/** Text no style sheet of a form needs, found before parsing: escapes could hide any of them. */
const FORBIDDEN_TEXT = [
  /expression\s*\(/i,
  /@import/i,
  /javascript:/i,
  /vbscript:/i,
  /behaviou?r\s*:/i,
  /-moz-binding/i,
  /[\\<]/,
];

/** Selectors that name the page itself rather than something in the form. */
const PAGE_TYPES = new Set(["html", "body", "head"]);
const PAGE_PSEUDO = new Set(["root", "host", "host-context", "scope", "slotted", "global"]);

/** Functions that load something without `url(`, or run something. */
const LOADING_FUNCTIONS = new Set([
  "expression",
  "image-set",
  "-webkit-image-set",
  "src",
  "element",
  "-moz-element",
  "paint",
  "image",
]);

/** Properties that move or cut a part of the form where it cannot be seen or reached. */
const MOVING = new Set([
  "transform",
  "translate",
  "scale",
  "zoom",
  "clip",
  "clip-path",
  "mask",
  "mask-image",
  "-webkit-mask",
  "-webkit-mask-image",
  "offset-path",
]);

const SIZES = new Set([
  "width",
  "height",
  "max-width",
  "max-height",
  "inline-size",
  "block-size",
  "max-inline-size",
  "max-block-size",
]);
const SPACING = /^(margin|padding|inset|top|right|bottom|left|text-indent)(-|$)/;
/** The largest spacing, as the style guard's (style-schema.ts): further pushes a button off the page. */
const MAX_SPACING_PX = 500;

class Refusal extends Error {
  constructor(
    readonly code: CustomCssCode,
    readonly line?: number,
  ) {
    super(code);
  }
}

const refuse = (code: CustomCssCode, node?: CssNode): never => {
  throw new Refusal(code, node?.loc?.start.line);
};

/** A length in pixels, roughly, for the bounds below; undefined for a unit without a fixed size. */
function pixels(node: CssNode): number | undefined {
  if (node.type === "Number") return Number(node.value) === 0 ? 0 : undefined;
  if (node.type === "Percentage") return undefined;
  if (node.type !== "Dimension") return undefined;
  const value = Number(node.value);
  const per: Record<string, number> = { px: 1, em: 16, rem: 16, pt: 4 / 3, pc: 16, ch: 8, ex: 8 };
  const factor = per[node.unit.toLowerCase()];
  return factor === undefined ? undefined : value * factor;
}

const keywords = (declaration: Declaration): string[] => {
  const names: string[] = [];
  walk(declaration.value, (node) => {
    if (node.type === "Identifier") names.push(node.name.toLowerCase());
  });
  return names;
};

const lengths = (declaration: Declaration): CssNode[] => {
  const found: CssNode[] = [];
  walk(declaration.value, (node) => {
    if (node.type === "Dimension" || node.type === "Number" || node.type === "Percentage") found.push(node);
  });
  return found;
};

function checkValueNodes(declaration: Declaration): void {
  walk(declaration.value, (node) => {
    if (node.type === "Url" && !isAllowedPicture(node.value)) refuse("style.url.forbidden", node);
    if (node.type === "Function" && LOADING_FUNCTIONS.has((node as FunctionNode).name.toLowerCase()))
      refuse("style.css.forbidden", node);
  });
}

function checkHiding(property: string, declaration: Declaration): void {
  const words = keywords(declaration);
  const value = generate(declaration.value).trim().toLowerCase();
  const hidden = (): never => refuse("style.hidden", declaration);
  if (property === "display" && words.includes("none")) hidden();
  if (property === "visibility" && (words.includes("hidden") || words.includes("collapse"))) hidden();
  if (property === "content-visibility" && words.includes("hidden")) hidden();
  if (property === "pointer-events" && words.includes("none")) hidden();
  if (property === "position" && (words.includes("fixed") || words.includes("absolute")))
    refuse("style.css.forbidden", declaration);
  if (MOVING.has(property) && value !== "none") refuse("style.css.forbidden", declaration);
  if (property === "opacity") {
    const [amount] = lengths(declaration);
    const number =
      amount?.type === "Percentage"
        ? Number(amount.value) / 100
        : Number((amount as { value?: string })?.value);
    if (!Number.isFinite(number) || number < MIN_OPACITY) hidden();
  }
  if (property === "filter" && /opacity\(\s*(0(\.[0-2]\d*)?|[0-2]?\d(\.\d+)?%)\s*\)/.test(value)) hidden();
  if (property === "z-index" && value.startsWith("-")) hidden();
  if ((property === "color" || property === "-webkit-text-fill-color") && value !== "inherit") {
    const colour = value === "transparent" ? { a: 0 } : parseColour(value);
    if (colour && colour.a < MIN_OPACITY) hidden();
  }
  if (property === "line-height" && lengths(declaration).some((node) => Number(pixels(node)) === 0)) hidden();
}

function checkSizes(property: string, declaration: Declaration): void {
  if (property === "font-size" || property === "font") {
    for (const node of lengths(declaration)) {
      if (property === "font" && node.type === "Number") continue;
      const amount =
        node.type === "Percentage" ? (Number(node.value) / 100) * 16 : (pixels(node) ?? MIN_FONT_SIZE);
      if (amount < MIN_FONT_SIZE) refuse("style.size.too_small", declaration);
      // In the shorthand, what follows the slash is the line height.
      if (property === "font") break;
    }
  }
  if (SIZES.has(property)) {
    for (const node of lengths(declaration)) {
      const amount = node.type === "Percentage" ? Number(node.value) : pixels(node);
      const tiny = node.type === "Percentage" ? Number(amount) < 10 : amount !== undefined && amount < 10;
      if (tiny) refuse("style.hidden", declaration);
    }
  }
  if (SPACING.test(property)) {
    for (const node of lengths(declaration)) {
      if (Number((node as { value?: string }).value) < 0) refuse("style.value.invalid", declaration);
      const amount = node.type === "Percentage" ? undefined : pixels(node);
      if (node.type === "Dimension" && amount === undefined && Number(node.value) > 50)
        refuse("style.value.invalid", declaration);
      if (amount !== undefined && amount > MAX_SPACING_PX) refuse("style.value.invalid", declaration);
    }
  }
}

function checkDeclaration(declaration: Declaration): string {
  const property = declaration.property.toLowerCase();
  if (property.startsWith("--")) refuse("style.css.forbidden", declaration);
  if (declaration.value.type === "Raw") refuse("style.css.invalid", declaration);
  checkValueNodes(declaration);
  checkHiding(property, declaration);
  checkSizes(property, declaration);
  return `${property}:${generate(declaration.value)}${declaration.important ? "!important" : ""}`;
}

/** The states of an input that tell what a respondent entered or picked. */
const ANSWER_STATES = new Set([
  "checked",
  "indeterminate",
  "default",
  "placeholder-shown",
  "blank",
  "valid",
  "invalid",
  "user-valid",
  "user-invalid",
  "in-range",
  "out-of-range",
  "autofill",
  "-webkit-autofill",
]);

function checkSelector(selector: Selector): string {
  // Put after the root, "~ p" or "+ p" would reach the root's own siblings, outside the form.
  const first = selector.children.first;
  if (first?.type === "Combinator" && first.name !== ">") refuse("style.css.selector", first);
  walk(selector, (node) => {
    if (node.type === "TypeSelector" && PAGE_TYPES.has(node.name.toLowerCase()))
      refuse("style.css.selector", node);
    if (
      (node.type === "PseudoClassSelector" || node.type === "PseudoElementSelector") &&
      PAGE_PSEUDO.has(node.name.toLowerCase())
    )
      refuse("style.css.selector", node);
    if (node.type === "NestingSelector") refuse("style.css.selector", node);
    // A rule per typed value, or per picked or emptied input, with a picture per match would send
    // a respondent's answer away. A namespace ("*|value", "|value") names the same attribute.
    if (node.type === "AttributeSelector" && node.name.name.toLowerCase().split("|").pop() === "value")
      refuse("style.css.selector", node);
    if (node.type === "PseudoClassSelector" && ANSWER_STATES.has(node.name.toLowerCase()))
      refuse("style.css.selector", node);
  });
  return `${CUSTOM_CSS_ROOT} ${generate(selector)}`;
}

function scopeRule(rule: Rule): string {
  if (rule.prelude.type !== "SelectorList") return refuse("style.css.invalid", rule);
  const selectors: string[] = [];
  rule.prelude.children.forEach((node) => {
    if (node.type !== "Selector") refuse("style.css.invalid", node);
    selectors.push(checkSelector(node as Selector));
  });
  const declarations: string[] = [];
  rule.block.children.forEach((node) => {
    // Nested rules would start again outside the root: a form's sheet is written flat.
    if (node.type !== "Declaration") refuse("style.css.invalid", node);
    declarations.push(checkDeclaration(node as Declaration));
  });
  return `${selectors.join(",")}{${declarations.join(";")}}`;
}

function scopeList(children: List<CssNode>, nested: boolean): string {
  const out: string[] = [];
  children.forEach((node) => {
    if (node.type === "Rule") out.push(scopeRule(node));
    else if (node.type === "Atrule") {
      // Only media queries: every other at-rule loads, declares or reaches past the form.
      if (nested || node.name.toLowerCase() !== "media" || !node.block || !node.prelude)
        refuse("style.css.forbidden", node);
      out.push(`@media ${generate(node.prelude!)}{${scopeList(node.block!.children, true)}}`);
    } else if (node.type !== "Comment") refuse("style.css.invalid", node);
  });
  return out.join("\n");
}

/**
 * The author's style sheet put under the form's root, or why it is refused: the first problem,
 * with the line it is on.
 */
export function scopeCustomCss(text: string): CustomCssResult {
  if (text.trim() === "") return { ok: true, css: "" };
  if (text.length > CUSTOM_CSS_MAX_LENGTH) return { ok: false, code: "style.css.invalid" };
  const forbidden = FORBIDDEN_TEXT.some((pattern) => pattern.test(text));
  if (forbidden) return { ok: false, code: "style.css.forbidden" };
  try {
    let broken: number | undefined;
    const sheet = parse(text, {
      positions: true,
      onParseError: (error) => {
        broken ??= (error as { line?: number }).line ?? 1;
      },
    }) as StyleSheet;
    if (broken !== undefined) return { ok: false, code: "style.css.invalid", line: broken };
    return { ok: true, css: scopeList(sheet.children, false) };
  } catch (error) {
    if (error instanceof Refusal)
      return { ok: false, code: error.code, ...(error.line ? { line: error.line } : {}) };
    return { ok: false, code: "style.css.invalid" };
  }
}
