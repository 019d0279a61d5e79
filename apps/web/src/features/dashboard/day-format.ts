import { useTranslation } from "react-i18next";

/**
 * Days and counts as the dashboard writes them, with the browser's Intl alone: the app's full
 * formatter brings the form model with it, which would double what the dashboard's first paint
 * downloads. Days follow the app's pattern (core's DAY_PATTERNS): day first, dots in English,
 * Russian and Ukrainian, dashes in Spanish and Italian.
 */
export function useDayFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language.split("-")[0] ?? "en";
  const separator = language === "es" || language === "it" ? "-" : ".";
  const numbers = new Intl.NumberFormat(i18n.language);
  return {
    /** A YYYY-MM-DD day as DD.MM.YYYY (DD-MM-YYYY in Spanish and Italian). */
    day: (day: string) => day.split("-").reverse().join(separator),
    number: (value: number) => numbers.format(value),
  };
}
