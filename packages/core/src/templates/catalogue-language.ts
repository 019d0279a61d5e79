import { LOCALES, type Locale } from "../locales.ts";
import es from "./catalogue-texts/es.json";
import it from "./catalogue-texts/it.json";
import ru from "./catalogue-texts/ru.json";
import uk from "./catalogue-texts/uk.json";
import type { FormTemplate } from "./form-templates.ts";
import type { ThemeTemplate } from "./theme-templates.ts";

/**
 * The instance's catalogues (form and theme templates, the services and data sets of the
 * marketplace) in each interface language, keyed by their English wording as the app's catalogs
 * are. A text the dictionary does not hold (an operator's own service, say) stays as written.
 */
const CATALOGUE_TEXTS: Record<Exclude<Locale, "en">, Readonly<Record<string, string>>> = { ru, uk, es, it };

const textsOf = (locale: string) =>
  (CATALOGUE_TEXTS as Record<string, Readonly<Record<string, string>> | undefined>)[locale];

export function catalogueText(text: string, locale: string): string {
  return textsOf(locale)?.[text] ?? text;
}

/** Whether a language's dictionary holds the text (its tests ask it of every catalogue text). */
export const catalogueHas = (text: string, locale: string): boolean =>
  Object.hasOwn(textsOf(locale) ?? {}, text);

/** The keys of a template's form document whose strings respondents or authors read. */
export const FORM_TEMPLATE_TEXT_KEYS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "tags",
  "submitButtonDescription",
  "question",
  "fieldLabel",
  "fieldComment",
  "placeholder",
  "thankYouPageTitle",
  "thankYouPageText",
  "briefResult",
  "detailedResult",
  "briefResultGradation",
  "detailedResultGradation",
]);

/**
 * The template with every string under a text key handed to `tell` (its tests collect them so);
 * ids, values and settings are kept.
 */
export const retoldTemplate = (template: FormTemplate, tell: (text: string) => string) =>
  retold(template, tell) as FormTemplate;

function retold(value: unknown, tell: (text: string) => string, key = ""): unknown {
  if (typeof value === "string")
    return FORM_TEMPLATE_TEXT_KEYS.has(key) && value !== "" ? tell(value) : value;
  if (Array.isArray(value)) return value.map((item) => retold(item, tell, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, retold(item, tell, k)]));
  return value;
}

/**
 * The template in an interface language: its card, and the form it makes, whose language is then
 * that one too, so the respondent's buttons and messages agree with the questions.
 */
export function formTemplateIn(template: FormTemplate, locale: string): FormTemplate {
  if (locale === "en" || !(LOCALES as readonly string[]).includes(locale)) return template;
  const told = retoldTemplate(template, (text) => catalogueText(text, locale));
  return { ...told, form: { ...told.form, form: { ...told.form.form, language: locale } } };
}

export function themeTemplateIn(template: ThemeTemplate, locale: string): ThemeTemplate {
  return {
    ...template,
    name: catalogueText(template.name, locale),
    description: catalogueText(template.description, locale),
  };
}
