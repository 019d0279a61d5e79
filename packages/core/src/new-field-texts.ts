import { DEFAULT_TEXTS } from "./defaults.ts";
import type { TElement } from "./element-schema.ts";
import type { Locale } from "./locales.ts";

/**
 * The texts a new element starts with (forms.md §9's and its type's own), in each form language,
 * keyed by their English wording as the app's catalogs are. A new field speaks the form's language,
 * whatever the author's interface speaks.
 */
const STARTING_TEXTS: Record<Exclude<Locale, "en">, Readonly<Record<string, string>>> = {
  ru: {
    [DEFAULT_TEXTS.newQuestion]: "Здесь будет ваш вопрос",
    [DEFAULT_TEXTS.fieldComment]: "Здесь будут комментарии и правила поля",
    [DEFAULT_TEXTS.fieldLabel]: "подпись поля",
    [DEFAULT_TEXTS.newVariant]: "Вариант",
    [DEFAULT_TEXTS.otherVariant]: "Другое",
    [DEFAULT_TEXTS.sendButton]: "Отправить",
    Question: "Вопрос",
    Match: "Соответствие",
    "Section title": "Заголовок раздела",
    Group: "Группа",
    "Pop-up": "Всплывающее окно",
    Timer: "Таймер",
    Captcha: "Капча",
    "The sky is [[blue]].": "Небо [[голубое]].",
  },
  uk: {
    [DEFAULT_TEXTS.newQuestion]: "Тут буде ваше запитання",
    [DEFAULT_TEXTS.fieldComment]: "Тут будуть коментарі та правила поля",
    [DEFAULT_TEXTS.fieldLabel]: "підпис поля",
    [DEFAULT_TEXTS.newVariant]: "Варіант",
    [DEFAULT_TEXTS.otherVariant]: "Інше",
    [DEFAULT_TEXTS.sendButton]: "Надіслати",
    Question: "Запитання",
    Match: "Відповідність",
    "Section title": "Заголовок розділу",
    Group: "Група",
    "Pop-up": "Спливне вікно",
    Timer: "Таймер",
    Captcha: "Капча",
    "The sky is [[blue]].": "Небо [[блакитне]].",
  },
  es: {
    [DEFAULT_TEXTS.newQuestion]: "Aquí estará su pregunta",
    [DEFAULT_TEXTS.fieldComment]: "Aquí estarán los comentarios y reglas del campo",
    [DEFAULT_TEXTS.fieldLabel]: "etiqueta del campo",
    [DEFAULT_TEXTS.newVariant]: "Opción",
    [DEFAULT_TEXTS.otherVariant]: "Otro",
    [DEFAULT_TEXTS.sendButton]: "Enviar",
    Question: "Pregunta",
    Match: "Pareja",
    "Section title": "Título de la sección",
    Group: "Grupo",
    "Pop-up": "Ventana emergente",
    Timer: "Temporizador",
    Captcha: "Captcha",
    "The sky is [[blue]].": "El cielo es [[azul]].",
  },
  it: {
    [DEFAULT_TEXTS.newQuestion]: "Qui ci sarà la tua domanda",
    [DEFAULT_TEXTS.fieldComment]: "Qui ci saranno i commenti e le regole del campo",
    [DEFAULT_TEXTS.fieldLabel]: "etichetta del campo",
    [DEFAULT_TEXTS.newVariant]: "Opzione",
    [DEFAULT_TEXTS.otherVariant]: "Altro",
    [DEFAULT_TEXTS.sendButton]: "Invia",
    Question: "Domanda",
    Match: "Abbinamento",
    "Section title": "Titolo della sezione",
    Group: "Gruppo",
    "Pop-up": "Finestra pop-up",
    Timer: "Timer",
    Captcha: "Captcha",
    "The sky is [[blue]].": "Il cielo è [[blu]].",
  },
};

/** "Variant 2": a starting word and the number of its place in a list. */
const NUMBERED = /^(.+) (\d+)$/;

/** A starting text in the form's language; a numbered one ("Variant 2") keeps its number. */
export function startingText(english: string, locale: Locale): string {
  if (locale === "en") return english;
  const texts = STARTING_TEXTS[locale];
  const numbered = NUMBERED.exec(english);
  if (numbered && texts[numbered[1]!]) return `${texts[numbered[1]!]} ${numbered[2]}`;
  return texts[english] ?? english;
}

/** Whether a text is the one an element starts with, in any form language: no text of the author's. */
export function isStartingText(text: string, english: string): boolean {
  return text === english || Object.values(STARTING_TEXTS).some((texts) => texts[english] === text);
}

/** A new element with the texts it starts with said in the form's language. */
export function inFormLanguage(element: TElement, locale: Locale): TElement {
  if (locale === "en") return element;
  const say = (text: string) => startingText(text, locale);
  const settings = element.fieldSettings;
  return {
    ...element,
    question: say(element.question),
    fieldComment: say(element.fieldComment),
    fieldLabel: say(element.fieldLabel),
    title: say(element.title),
    fieldSettings: {
      ...settings,
      ...(settings.answerVariants && {
        answerVariants: settings.answerVariants.map((v) => ({ ...v, title: say(v.title) })),
      }),
      ...(settings.questions && {
        questions: settings.questions.map((q) => ({ ...q, question: say(q.question) })),
      }),
      ...(settings.matches && { matches: settings.matches.map((m) => ({ ...m, title: say(m.title) })) }),
      ...(settings.gapText && { gapText: say(settings.gapText) }),
    },
  };
}
