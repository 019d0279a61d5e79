import { singleChoice } from "./choice.ts";

export const select = singleChoice("Drop-down list");
