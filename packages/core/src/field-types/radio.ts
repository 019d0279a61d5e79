import { singleChoice } from "./choice.ts";

export const radio = singleChoice("Single choice");
