import { describe, expect, it } from "vitest";
import { DEFAULT_TEXTS } from "./defaults.ts";
import type { FieldType } from "./element-schema.ts";
import { formLocale, LOCALES } from "./locales.ts";
import { createElement } from "./new-element.ts";
import { inFormLanguage, isStartingText } from "./new-field-texts.ts";

/** What a new question, its comment, label and first option say in each form language. */
const EXPECTED = {
  en: [
    "Here will be your question",
    "Here will be your field comments and rules",
    "field label",
    "Variant 1",
  ],
  ru: ["Здесь будет ваш вопрос", "Здесь будут комментарии и правила поля", "подпись поля", "Вариант 1"],
  uk: ["Тут буде ваше запитання", "Тут будуть коментарі та правила поля", "підпис поля", "Варіант 1"],
  es: [
    "Aquí estará su pregunta",
    "Aquí estarán los comentarios y reglas del campo",
    "etiqueta del campo",
    "Opción 1",
  ],
  it: [
    "Qui ci sarà la tua domanda",
    "Qui ci saranno i commenti e le regole del campo",
    "etichetta del campo",
    "Opzione 1",
  ],
} as const;

describe("a new field speaks the form's language", () => {
  it.each(LOCALES)("starts a choice question's texts and options in %s", (locale) => {
    const radio = createElement("radio", "r", 0, locale);
    const [question, comment, label, firstOption] = EXPECTED[locale];
    expect(radio.question).toBe(question);
    expect(radio.fieldComment).toBe(comment);
    expect(radio.fieldLabel).toBe(label);
    expect(radio.fieldSettings.answerVariants?.map((v) => v.title)).toEqual([
      firstOption,
      firstOption.replace("1", "2"),
      firstOption.replace("1", "3"),
    ]);
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))("leaves no English starting text in %s", (locale) => {
    const english = new Set<string>(Object.values(DEFAULT_TEXTS));
    const types: FieldType[] = [
      "text",
      "matrix",
      "correspondence",
      "gapText",
      "submitBtn",
      "title",
      "fieldGroup",
    ];
    for (const type of types) {
      const element = createElement(type, "e", 0, locale);
      const said = [
        element.question,
        element.fieldComment,
        element.fieldLabel,
        element.title,
        ...(element.fieldSettings.questions ?? []).map((q) => q.question),
        ...(element.fieldSettings.matches ?? []).map((m) => m.title),
        element.fieldSettings.gapText ?? "",
      ].filter(Boolean);
      for (const text of said) {
        expect(english.has(text), `${type}: ${text}`).toBe(false);
        expect(createElement(type, "e", 0, "en")).not.toEqual(element);
      }
    }
  });

  it("knows a starting text in any language, and an author's own text from it", () => {
    const russian = createElement("text", "t", 0, "ru");
    expect(isStartingText(russian.fieldComment, DEFAULT_TEXTS.fieldComment)).toBe(true);
    expect(isStartingText(DEFAULT_TEXTS.fieldComment, DEFAULT_TEXTS.fieldComment)).toBe(true);
    expect(isStartingText("Write your full name", DEFAULT_TEXTS.fieldComment)).toBe(false);
  });

  it("reads the form's language setting as one of the five, English otherwise", () => {
    expect(formLocale("EN")).toBe("en");
    expect(formLocale("RU")).toBe("ru");
    expect(formLocale("it-IT")).toBe("it");
    expect(formLocale("de")).toBe("en");
    expect(formLocale(undefined)).toBe("en");
  });
});

describe("a form whose language changes", () => {
  it.each(LOCALES.flatMap((from) => LOCALES.map((to) => [from, to] as const)))(
    "says the starting texts still held in the new language, %s to %s, and keeps the author's",
    (from, to) => {
      const radio = { ...createElement("radio", "r", 0, from), fieldComment: "Pick the one you like" };
      const told = inFormLanguage(radio, to, from);
      const [question, , label, firstOption] = EXPECTED[to];
      expect(told.question).toBe(question);
      expect(told.fieldLabel).toBe(label);
      expect(told.fieldComment).toBe("Pick the one you like");
      expect(told.fieldSettings.answerVariants?.[0]?.title).toBe(firstOption);
    },
  );
});

describe("a new number question", () => {
  it.each(LOCALES)("is written the way %s writes decimals", (locale) => {
    const number = createElement("number", "n", 0, locale);
    expect(number.fieldSettings.numberFormat ?? "decimal").toBe(locale === "en" ? "decimal" : "comma");
  });
});
