import { MESSAGES, type MessageCode } from "@formloom/core/errors";
import { createContext, useContext } from "react";

const englishText = (code: string) => MESSAGES[code as MessageCode] ?? code;

/**
 * The respondent's language for texts drawn inside field components (buttons, hints, status).
 * The form provides its `translate`; without a provider the texts are English.
 */
export const TranslateContext = createContext<(code: string) => string>(englishText);

export const useTranslate = () => useContext(TranslateContext);
