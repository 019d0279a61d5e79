import { questionDefaults, stringField } from "./text-like.ts";

/** A code answer, shown with syntax highlighting for fieldSettings.language. */
export const codeHighlight = stringField("Code", undefined, {
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { language: "javascript" } }),
});
