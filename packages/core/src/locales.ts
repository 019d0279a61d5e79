/** platform.md §1: the interface languages. */
export const LOCALES = ["en", "ru", "uk", "es", "it"] as const;
export type Locale = (typeof LOCALES)[number];
