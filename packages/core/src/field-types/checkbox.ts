import { manyChoices } from "./choice.ts";

export const checkbox = manyChoices("Checkboxes");
