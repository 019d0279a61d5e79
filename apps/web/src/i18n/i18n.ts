import type { Locale } from "@formloom/core/api/auth";
import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import dayjs from "dayjs";
import i18n from "i18next";
import { useEffect, useState } from "react";
import { initReactI18next } from "react-i18next";

/**
 * UI texts are keyed by their English wording, so English needs no catalog of its own; the
 * server's message codes live under "codes." and default to core's English messages.
 */
const codes = Object.fromEntries(Object.entries(MESSAGES).map(([code, text]) => [`codes.${code}`, text]));

/** English texts that differ by count (i18next picks `_one` or `_other`). */
const BASE_ENGLISH_PLURALS = {
  "{{count}} submissions_one": "{{count}} submission",
  "{{count}} submissions_other": "{{count}} submissions",
  "{{count}} unread_one": "{{count}} unread",
  "{{count}} unread_other": "{{count}} unread",
  "Delete {{count}} submissions?_one": "Delete {{count}} submission?",
  "Delete {{count}} submissions?_other": "Delete {{count}} submissions?",
  "New submissions: {{count}}_one": "New submissions: {{count}}",
  "New submissions: {{count}}_other": "New submissions: {{count}}",
  "{{count}} selected fields_one": "{{count}} selected field",
  "{{count}} selected fields_other": "{{count}} selected fields",
  "{{count}} invitations sent_one": "{{count}} invitation sent",
  "{{count}} invitations sent_other": "{{count}} invitations sent",
  "{{count}} addresses_one": "{{count}} address",
  "{{count}} addresses_other": "{{count}} addresses",
  "“{{title}}” has {{count}} submissions. A form is deleted only once its submissions are._one":
    "“{{title}}” has {{count}} submission. A form is deleted only once its submissions are.",
  "“{{title}}” has {{count}} submissions. A form is deleted only once its submissions are._other":
    "“{{title}}” has {{count}} submissions. A form is deleted only once its submissions are.",
};

/**
 * Each language's texts: its main catalog, which the public form page also reads, merged with the
 * feature catalogs in `locales/<language>/<feature>.json` (`en/` holds English plural forms only).
 * A language other than English is downloaded when it is first needed, so a page carries the texts
 * of its user's language alone.
 */
const englishCatalogs = import.meta.glob<Record<string, string>>("./locales/en/*.json", {
  eager: true,
  import: "default",
});

export const ENGLISH_PLURALS: Record<string, string> = Object.assign(
  { ...BASE_ENGLISH_PLURALS },
  ...Object.values(englishCatalogs),
);

export type TranslatedLocale = Exclude<Locale, "en">;
const loading = new Map<TranslatedLocale, Promise<Record<string, string>>>();

/** A language's whole catalog, downloaded once. */
export function loadCatalog(language: TranslatedLocale): Promise<Record<string, string>> {
  let catalog = loading.get(language);
  if (!catalog) {
    catalog = import("./translated-catalogs.ts")
      .then(({ catalogFiles }) => Promise.all(catalogFiles(language).map((load) => load())))
      .then((parts) => Object.assign({}, ...parts));
    loading.set(language, catalog);
  }
  return catalog;
}

/**
 * The texts of `language` (a form's, which may differ from the interface's), downloaded on first
 * use and added to i18next so `i18n.getFixedT(language)` speaks it too. Empty, which reads as
 * English, until they arrive; the caller renders again then.
 */
export function useCatalog(language: string): Record<string, string> {
  const wanted = language.toLowerCase();
  const [catalog, setCatalog] = useState<{ language: string; texts: Record<string, string> }>();
  useEffect(() => {
    if (!(wanted in LANGUAGE_NAMES) || wanted === "en") return;
    let current = true;
    void addLanguage(wanted as TranslatedLocale).then(() => {
      if (current) setCatalog({ language: wanted, texts: i18n.getResourceBundle(wanted, "translation") });
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return catalog?.language === wanted ? catalog.texts : NO_TEXTS;
}
const NO_TEXTS: Record<string, string> = {};

/** Each language's name in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  ru: "Русский",
  uk: "Українська",
  es: "Español",
  it: "Italiano",
};

const STORED_LOCALE = "formloom.locale";
const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(STORED_LOCALE);
const initial = stored && stored in LANGUAGE_NAMES ? stored : "en";

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: { ...codes, ...ENGLISH_PLURALS } } },
  partialBundledLanguages: true,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Dates' month and day names, downloaded with the language's texts. */
const DATE_LOCALES: Record<TranslatedLocale, () => Promise<unknown>> = {
  es: () => import("dayjs/locale/es"),
  it: () => import("dayjs/locale/it"),
  ru: () => import("dayjs/locale/ru"),
  uk: () => import("dayjs/locale/uk"),
};

/** Adds a language's texts and date names, downloaded once; what the interface speaks stays. */
export async function addLanguage(language: Locale): Promise<void> {
  if (language === "en" || i18n.hasResourceBundle(language, "translation")) return;
  const [catalog] = await Promise.all([loadCatalog(language), DATE_LOCALES[language]()]);
  i18n.addResourceBundle(language, "translation", catalog);
}

/** Speaks `language`, its texts downloaded first. */
async function speak(language: Locale): Promise<void> {
  await addLanguage(language);
  dayjs.locale(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Resolves once the interface speaks the language this browser last used: the app renders then. */
export const i18nReady: Promise<void> = speak(initial as Locale).catch(() => undefined);

/**
 * Switches the interface, dates included. The choice is remembered in this browser so the
 * sign-in page speaks it too; the user's settings on the server are the source of truth.
 */
export function applyLocale(locale: string): void {
  const next = (locale in LANGUAGE_NAMES ? locale : "en") as Locale;
  localStorage.setItem(STORED_LOCALE, next);
  document.documentElement.lang = next;
  void speak(next);
}

/**
 * Marks a text that is stored now and translated where it is shown (route titles, tab
 * labels), so the catalog check finds it.
 */
export const msg = <T extends string>(text: T): T => text;

export function messageText(code: string): string {
  return i18n.exists(`codes.${code}`)
    ? i18n.t(`codes.${code}`)
    : (MESSAGES[code as MessageCode] ?? i18n.t("Something went wrong"));
}

export default i18n;
