import { displayElement } from "./display.ts";

export const title = displayElement("Title", { title: "Section title" });
