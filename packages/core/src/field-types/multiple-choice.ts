import { manyChoices } from "./choice.ts";

/** Like checkboxes, usually with bounds on how many (fieldSettings.minChoices, maxChoices). */
export const multipleChoice = manyChoices("Multiple choice");
