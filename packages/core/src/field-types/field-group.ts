import { displayElement } from "./display.ts";

/** A container: its fields name it in fieldSettings.fieldGroup. */
export const fieldGroup = displayElement("Field group", { title: "Group" }, "field");
