import type { TElement } from "./element-schema.ts";
import type { MessageCode } from "./errors.ts";
import { FORMULA_FUNCTIONS } from "./formula.ts";

const FORMAT = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Words a formula name may not be: the formula language's own, and JavaScript's. */
export const RESERVED_WORDS = new Set([
  ...FORMULA_FUNCTIONS,
  "true",
  "false",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "this",
  "new",
  "function",
  "return",
  "var",
  "let",
  "const",
  "if",
  "else",
  "for",
  "while",
  "do",
  "switch",
  "case",
  "break",
  "continue",
  "typeof",
  "instanceof",
  "in",
  "of",
  "delete",
  "void",
  "class",
  "import",
  "export",
  "constructor",
  "prototype",
  "__proto__",
  "score",
  "total",
]);

/** Formula name rules of forms.md §5: required, format, not reserved, unique in the form. */
export function checkFormulaName(
  name: string,
  element: TElement,
  elements: readonly TElement[],
): MessageCode | null {
  if (name.trim() === "") return "formula_name.required";
  if (!FORMAT.test(name)) return "formula_name.format";
  if (RESERVED_WORDS.has(name) || RESERVED_WORDS.has(name.toLowerCase())) return "formula_name.reserved";
  if (elements.some((other) => other.id !== element.id && other.formulaName === name))
    return "formula_name.not_unique";
  return null;
}
