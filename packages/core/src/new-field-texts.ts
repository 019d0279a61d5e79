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

/**
 * A starting text said in `locale` as it is said in `from`; any other text (the author's own)
 * as it is.
 */
function retold(text: string, from: Locale, to: Locale): string {
  if (from === to) return text;
  const english = englishOf(text, from);
  return english === null ? text : startingText(english, to);
}

/** The English wording of a starting text said in `locale` ("Вариант 2": "Variant 2"); null for any other text. */
function englishOf(text: string, locale: Locale): string | null {
  const known = STARTING_TEXTS.ru;
  const numbered = NUMBERED.exec(text);
  const [base, number] = numbered ? [numbered[1]!, ` ${numbered[2]}`] : [text, ""];
  if (locale === "en") return Object.hasOwn(known, text) || Object.hasOwn(known, base) ? text : null;
  const texts = STARTING_TEXTS[locale];
  for (const candidate of numbered ? [text, base] : [text]) {
    const english = Object.keys(texts).find((key) => texts[key] === candidate);
    if (english !== undefined) return candidate === text ? english : `${english}${number}`;
  }
  return null;
}

/**
 * An element with the texts it started with, and still holds, said in another form language:
 * a new element in the form's language (from English), or every element of a form whose
 * language the author changed. The author's own texts stay as they are.
 */
export function inFormLanguage(element: TElement, to: Locale, from: Locale = "en"): TElement {
  if (from === to) return element;
  const say = (text: string) => retold(text, from, to);
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
