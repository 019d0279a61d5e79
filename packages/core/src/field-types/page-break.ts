import { displayElement } from "./display.ts";

export const pageBreak = displayElement("Page break");
