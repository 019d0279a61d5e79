import { MESSAGES, type MessageCode } from "@formloom/core/errors";

export type TextVars = Record<string, string | number>;

/**
 * A respondent text in the form's language: `key` is a message code ("answer.required") or an
 * English respondent text ("Next", "Step {{current}} of {{total}}"); {{name}} takes `vars`.
 */
export type Translate = (key: string, vars?: TextVars) => string;

export function fillVars(text: string, vars?: TextVars): string {
  if (!vars) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export const englishText: Translate = (key, vars) => fillVars(MESSAGES[key as MessageCode] ?? key, vars);

/**
 * A translator over one of the web app's catalogs (message codes under "codes.", texts under
 * their English wording), falling back to English for anything it lacks.
 */
export function catalogTranslate(catalog: Readonly<Record<string, string>>): Translate {
  return (key, vars) =>
    fillVars(catalog[`codes.${key}`] || catalog[key] || MESSAGES[key as MessageCode] || key, vars);
}

/** An author's text left at its English default is shown in the form's language instead. */
export function authorText(text: string | undefined, englishDefault: string, translate: Translate): string {
  return !text || text === englishDefault ? translate(englishDefault) : text;
}
