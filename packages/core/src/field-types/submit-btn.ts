import { DEFAULT_TEXTS } from "../defaults.ts";
import { defineFieldType } from "./definition.ts";

export const submitBtn = defineFieldType<never>({
  category: "nonField",
  label: "Submit button",
  createDefault: () => ({ title: DEFAULT_TEXTS.sendButton, isNonField: true }),
  isEmpty: () => true,
  toText: () => "",
});
