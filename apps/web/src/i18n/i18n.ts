import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * UI texts are keyed by their English wording, so English needs no catalog of its own; the
 * server's message codes live under "codes." and default to core's English messages.
 */
const codes = Object.fromEntries(Object.entries(MESSAGES).map(([code, text]) => [`codes.${code}`, text]));

/** English texts that differ by count (i18next picks `_one` or `_other`). */
const ENGLISH_PLURALS = {
  "{{count}} submissions_one": "{{count}} submission",
  "{{count}} submissions_other": "{{count}} submissions",
  "Delete {{count}} submissions?_one": "Delete {{count}} submission?",
  "Delete {{count}} submissions?_other": "Delete {{count}} submissions?",
};

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: { ...codes, ...ENGLISH_PLURALS } } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function messageText(code: string): string {
  return i18n.exists(`codes.${code}`)
    ? i18n.t(`codes.${code}`)
    : (MESSAGES[code as MessageCode] ?? i18n.t("Something went wrong"));
}

export default i18n;
