import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import type { Locale } from "@formloom/core/locales";
import { createContext, createElement, type ReactNode, useContext } from "react";

const englishText = (code: string) => MESSAGES[code as MessageCode] ?? code;

/**
 * The respondent's language for texts drawn inside field components (buttons, hints, status).
 * The form provides its `translate`; without a provider the texts are English.
 */
export const TranslateContext = createContext<(code: string) => string>(englishText);

export const useTranslate = () => useContext(TranslateContext);

/** The form's language, for what fields write in its own way besides words (a day as DD.MM.YYYY). */
export const LocaleContext = createContext<Locale>("en");

export const useLocale = () => useContext(LocaleContext);

/** The form's words and its language, for every field drawn inside. */
export function RespondentLanguage(props: {
  translate: (code: string) => string;
  locale: Locale;
  children: ReactNode;
}) {
  return createElement(
    TranslateContext.Provider,
    { value: props.translate },
    createElement(LocaleContext.Provider, { value: props.locale }, props.children),
  );
}
