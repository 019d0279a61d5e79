import { displayElement } from "./display.ts";

export const popup = displayElement("Pop-up", { title: "Pop-up", fieldSettings: { content: "" } });
