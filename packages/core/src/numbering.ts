import type { TElement } from "./element-schema.ts";
import { isAnswerable } from "./field-registry.ts";

export const NUMBERING_MODES = ["notShow", "numbers", "letters", "roman", "custom"] as const;
export type NumberingMode = (typeof NUMBERING_MODES)[number];

function letters(n: number): string {
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

function roman(n: number): string {
  const table: Array<[number, string]> = [
    [1000, "M"],
    [900, "CM"],
    [500, "D"],
    [400, "CD"],
    [100, "C"],
    [90, "XC"],
    [50, "L"],
    [40, "XL"],
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let rest = n;
  let out = "";
  for (const [value, symbol] of table) {
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  }
  return out;
}

/**
 * The label before the n-th question (1-based). A custom template writes {n} for the number,
 * {A} for a letter and {I} for a Roman numeral: "Q{n}." gives "Q1.".
 */
export function numberLabel(mode: NumberingMode, index: number, template = ""): string {
  switch (mode) {
    case "notShow":
      return "";
    case "numbers":
      return `${index}.`;
    case "letters":
      return `${letters(index)}.`;
    case "roman":
      return `${roman(index)}.`;
    case "custom":
      return (template || "{n}.")
        .replaceAll("{n}", String(index))
        .replaceAll("{A}", letters(index))
        .replaceAll("{I}", roman(index));
  }
}

/** Labels for the visible questions in order; titles, buttons and hidden fields get none. */
export function numberQuestions(
  elements: readonly TElement[],
  mode: NumberingMode,
  template = "",
): Record<string, string> {
  const labels: Record<string, string> = {};
  if (mode === "notShow") return labels;
  let index = 0;
  for (const element of [...elements].sort((a, b) => a.fieldOrder - b.fieldOrder)) {
    if (!isAnswerable(element) || element.isHidden) continue;
    labels[element.id] = numberLabel(mode, ++index, template);
  }
  return labels;
}
