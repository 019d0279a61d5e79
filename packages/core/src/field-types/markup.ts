import { displayElement } from "./display.ts";

export const markup = displayElement("Text block", { fieldSettings: { content: "" } });
