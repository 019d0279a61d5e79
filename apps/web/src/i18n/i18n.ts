import type { Locale } from "@formloom/core/api/auth";
import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import dayjs from "dayjs";
import "dayjs/locale/es";
import "dayjs/locale/it";
import "dayjs/locale/ru";
import "dayjs/locale/uk";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import es from "./locales/es.json";
import it from "./locales/it.json";
import ru from "./locales/ru.json";
import uk from "./locales/uk.json";

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
 * A feature may keep its texts in `locales/<language>/<feature>.json` beside the language's main
 * catalog (`en/` holds English plural forms only); they are merged here. Respondent texts stay in
 * the main catalogs, which the public form page loads on its own.
 */
const featureCatalogs = import.meta.glob<Record<string, string>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});
function featureTexts(language: Locale): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [file, catalog] of Object.entries(featureCatalogs))
    if (file.startsWith(`./locales/${language}/`)) Object.assign(texts, catalog);
  return texts;
}

export const ENGLISH_PLURALS: Record<string, string> = { ...BASE_ENGLISH_PLURALS, ...featureTexts("en") };

export const CATALOGS: Record<Exclude<Locale, "en">, Record<string, string>> = {
  ru: { ...ru, ...featureTexts("ru") },
  uk: { ...uk, ...featureTexts("uk") },
  es: { ...es, ...featureTexts("es") },
  it: { ...it, ...featureTexts("it") },
};

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
  lng: initial,
  fallbackLng: "en",
  resources: {
    en: { translation: { ...codes, ...ENGLISH_PLURALS } },
    ...Object.fromEntries(
      Object.entries(CATALOGS).map(([lang, catalog]) => [lang, { translation: catalog }]),
    ),
  },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(initial);

/**
 * Switches the interface, dates included. The choice is remembered in this browser so the
 * sign-in page speaks it too; the user's settings on the server are the source of truth.
 */
export function applyLocale(locale: string): void {
  const next = locale in LANGUAGE_NAMES ? locale : "en";
  localStorage.setItem(STORED_LOCALE, next);
  document.documentElement.lang = next;
  dayjs.locale(next);
  if (i18n.language !== next) void i18n.changeLanguage(next);
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
