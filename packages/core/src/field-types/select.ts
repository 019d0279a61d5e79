import { singleChoice } from "./radio.ts";

export const select = singleChoice("Drop-down list");
