import { defineFieldType } from "./definition.ts";

export const title = defineFieldType<never>({
  category: "nonField",
  label: "Title",
  createDefault: () => ({ title: "Section title", isNonField: true }),
  isEmpty: () => true,
  toText: () => "",
});
