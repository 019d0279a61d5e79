import type { Locale } from "@formloom/core/locales";
import { catalogTranslate, englishText, type Translate } from "@formloom/renderer/form-renderer";

/**
 * The respondent texts in the form's language, from the web app's catalog of that language
 * (English needs none). Only the one catalog the form speaks is loaded.
 */
export async function loadTranslate(locale: Locale): Promise<Translate> {
  if (locale === "en") return englishText;
  // The respondent texts of kept progress live in their feature's catalog beside the main one.
  const [catalog, progress] = (await Promise.all([
    import(`../i18n/locales/${locale}.json`),
    import(`../i18n/locales/${locale}/partial-responses.json`),
  ])) as [{ default: Record<string, string> }, { default: Record<string, string> }];
  return catalogTranslate({ ...catalog.default, ...progress.default });
}

/** The seed the server drew this page with: kept as the respondent's own when they have none. */
let drawnWith: string | undefined;

/** Sets the seed the page was (or is being) drawn with on the server. */
export function setDrawnSeed(seed: string | undefined): void {
  drawnWith = seed;
}

const seedKey = (formId: number) => `formloom.seed.${formId}`;

/** The seed this browser keeps for the form, if any. */
export function keptSeed(formId: number): string | null {
  try {
    return localStorage.getItem(seedKey(formId));
  } catch {
    return null;
  }
}

/** One respondent's seed for a shuffled question order: the same order on coming back. */
export function respondentSeed(formId: number): string {
  try {
    const kept = localStorage.getItem(seedKey(formId));
    if (kept) return kept;
    const made = drawnWith ?? Math.random().toString(36).slice(2);
    localStorage.setItem(seedKey(formId), made);
    return made;
  } catch {
    // No storage (on the server, or blocked in a frame): the order the page was drawn in.
    return drawnWith ?? String(formId);
  }
}
