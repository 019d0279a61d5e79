import { displayElement } from "./display.ts";

export const stepper = displayElement("Stepper");
