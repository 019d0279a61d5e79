import { describe, expect, it } from "vitest";
import { importForm } from "../form-import.ts";
import { LOCALES } from "../locales.ts";
import { scoreSubmission } from "../scoring.ts";
import {
  catalogueHas,
  catalogueText,
  formTemplateIn,
  retoldTemplate,
  themeTemplateIn,
} from "./catalogue-language.ts";
import { FORM_TEMPLATES, formTemplate, templateDocument } from "./form-templates.ts";
import { THEME_TEMPLATES } from "./theme-templates.ts";

const TRANSLATED = LOCALES.filter((locale) => locale !== "en");
/** Texts that read the same in every language: numbers, codes and names. */
const hasWords = (text: string) => /\p{L}/u.test(text);

/** The strings of a template a language's dictionary must hold. */
function textsOf(template: (typeof FORM_TEMPLATES)[number]): string[] {
  const texts: string[] = [];
  retoldTemplate(template, (text) => {
    texts.push(text);
    return text;
  });
  return texts;
}

describe("the catalogues in every interface language", () => {
  it("hold every text of every form and theme template", () => {
    for (const locale of TRANSLATED) {
      const missing = [
        ...FORM_TEMPLATES.flatMap(textsOf),
        ...THEME_TEMPLATES.flatMap((theme) => [theme.name, theme.description]),
      ].filter((text) => hasWords(text) && !catalogueHas(text, locale));
      expect(missing, locale).toEqual([]);
    }
  });

  it("make each template a form in that language, its ids, values and scoring kept", () => {
    for (const locale of TRANSLATED) {
      for (const template of FORM_TEMPLATES) {
        const told = formTemplateIn(template, locale);
        expect(told.title).toBe(catalogueText(template.title, locale));
        expect(told.form.form.language).toBe(locale);
        const imported = importForm(`${template.id}.json`, 1, templateDocument(told));
        expect(imported.ok, `${locale} ${template.id}`).toBe(true);
        const fields = told.form.fields;
        expect(fields.map((field) => [field.id, field.fieldType])).toEqual(
          template.form.fields.map((field) => [field.id, field.fieldType]),
        );
        expect(
          JSON.stringify(fields.map((field) => field.fieldSettings?.answerVariants?.map((v) => v.value))),
        ).toBe(
          JSON.stringify(
            template.form.fields.map((field) => field.fieldSettings?.answerVariants?.map((v) => v.value)),
          ),
        );
      }
    }
  });

  it("score a quiz as in English and tell its result in the language", () => {
    const english = formTemplate("knowledge-quiz")!;
    const italian = formTemplateIn(english, "it");
    const read = (template: typeof english) => {
      const result = importForm("quiz.json", 1, templateDocument(template));
      if (!result.ok) throw new Error(result.code);
      return result.form;
    };
    const answers = Object.fromEntries(
      english.form.fields.flatMap((field) => {
        const right = field.fieldSettings?.answerVariants?.find((v) => v.checkValue);
        return right ? [[field.id, right.id]] : [];
      }),
    );
    const inEnglish = scoreSubmission(read(english).settings, read(english).fields, answers);
    const inItalian = scoreSubmission(read(italian).settings, read(italian).fields, answers);
    expect(inItalian.total).toBe(inEnglish.total);
    expect(inEnglish.total).toBe(5);
    expect(inEnglish.result).toMatchObject({ brief: "Expert" });
    expect(inItalian.result).toMatchObject({ brief: catalogueText("Expert", "it") });
    expect(catalogueText("Expert", "it")).not.toBe("");
  });

  it("leave English, unknown languages and texts the dictionary lacks as they are", () => {
    const nps = formTemplate("nps")!;
    expect(formTemplateIn(nps, "en")).toBe(nps);
    expect(formTemplateIn(nps, "de")).toBe(nps);
    expect(catalogueText("An operator's own service", "ru")).toBe("An operator's own service");
    const theme = themeTemplateIn(THEME_TEMPLATES[0]!, "uk");
    expect(theme.styling).toBe(THEME_TEMPLATES[0]!.styling);
    expect(theme.name).toBe(catalogueText(THEME_TEMPLATES[0]!.name, "uk"));
  });
});
