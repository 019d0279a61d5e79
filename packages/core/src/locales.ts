/** platform.md §1: the interface languages. */
export const LOCALES = ["en", "ru", "uk", "es", "it"] as const;
export type Locale = (typeof LOCALES)[number];

/** A form's `language` setting ("EN", "ru", "it-IT"…) as one of the languages; English otherwise. */
export function formLocale(language: string | undefined): Locale {
  const code = (language ?? "").trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : "en";
}
