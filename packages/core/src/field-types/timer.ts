import { displayElement } from "./display.ts";

/** A countdown shown to the respondent. */
export const timer = displayElement("Timer", { title: "Timer", fieldSettings: { seconds: 60 } }, "field");
