import { displayElement } from "./display.ts";
import { questionDefaults } from "./text-like.ts";

/** A computed value: its expression names other fields by formula name (see scoring). */
export const formula = displayElement(
  "Formula",
  { ...questionDefaults(), fieldSettings: { formula: "" } },
  "field",
);
