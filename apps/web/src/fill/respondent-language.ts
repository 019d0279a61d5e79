import { LOCALES, type Locale } from "@formloom/core/api/auth";
import { catalogTranslate, englishText, type Translate } from "@formloom/renderer/form-renderer";

/** The form's `language` setting ("EN", "ru"…) as one of the languages the app speaks. */
export function formLocale(language: string | undefined): Locale {
  const code = (language ?? "").trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : "en";
}

/**
 * The respondent texts in the form's language, from the web app's catalog of that language
 * (English needs none). Only the one catalog the form speaks is loaded.
 */
export async function loadTranslate(locale: Locale): Promise<Translate> {
  if (locale === "en") return englishText;
  const catalog = (await import(`../i18n/locales/${locale}.json`)) as { default: Record<string, string> };
  return catalogTranslate(catalog.default);
}

/** One respondent's seed for a shuffled question order: the same order on coming back. */
export function respondentSeed(formId: number): string {
  const key = `formloom.seed.${formId}`;
  try {
    const kept = localStorage.getItem(key);
    if (kept) return kept;
    const made = Math.random().toString(36).slice(2);
    localStorage.setItem(key, made);
    return made;
  } catch {
    return String(formId);
  }
}
