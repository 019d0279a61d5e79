import { stringField } from "./text-like.ts";

export const text = stringField("Short text");
