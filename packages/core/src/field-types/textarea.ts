import { stringField } from "./text-like.ts";

export const textarea = stringField("Long text");
