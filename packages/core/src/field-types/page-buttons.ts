import { displayElement } from "./display.ts";

export const pageButtons = displayElement("Page buttons");
