import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * UI texts are keyed by their English wording, so English needs no catalog of its own; the
 * server's message codes live under "codes." and default to core's English messages.
 */
const codes = Object.fromEntries(Object.entries(MESSAGES).map(([code, text]) => [`codes.${code}`, text]));

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: codes } },
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
