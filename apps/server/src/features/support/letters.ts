import { LOCALES, type Locale } from "@formloom/core/api/auth";
import type { Letter } from "../../mail/letters.ts";
import { oneLine } from "../../mail/letters.ts";

interface TicketValues {
  id: number;
  title: string;
  /** Who wrote, and the account they wrote from. */
  writer: string;
  account: string;
  link: string;
}

interface SupportLetters {
  /** To the operators: a ticket was opened, or its author wrote again. */
  opened(v: TicketValues): Letter;
  message(v: TicketValues): Letter;
  /** To the ticket's author: an operator answered. */
  answered(v: TicketValues): Letter;
}

const lines = (...parts: string[]) => parts.join("\n");

const LETTERS: Record<Locale, SupportLetters> = {
  en: {
    opened: (v) => ({
      subject: `New support ticket #${v.id}: ${v.title}`,
      text: lines(
        `“${v.writer}” of “${v.account}” opened ticket #${v.id}, “${v.title}”.`,
        "",
        "Answer it at:",
        v.link,
      ),
    }),
    message: (v) => ({
      subject: `New message in ticket #${v.id}: ${v.title}`,
      text: lines(
        `“${v.writer}” of “${v.account}” wrote in ticket #${v.id}, “${v.title}”.`,
        "",
        "Read it at:",
        v.link,
      ),
    }),
    answered: (v) => ({
      subject: `Your ticket #${v.id} has an answer: ${v.title}`,
      text: lines(`Support answered your ticket #${v.id}, “${v.title}”.`, "", "Read the answer at:", v.link),
    }),
  },
  ru: {
    opened: (v) => ({
      subject: `Новое обращение #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» из «${v.account}» открыл обращение #${v.id} «${v.title}».`,
        "",
        "Ответить:",
        v.link,
      ),
    }),
    message: (v) => ({
      subject: `Новое сообщение в обращении #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» из «${v.account}» написал в обращении #${v.id} «${v.title}».`,
        "",
        "Прочитать:",
        v.link,
      ),
    }),
    answered: (v) => ({
      subject: `На ваше обращение #${v.id} ответили: ${v.title}`,
      text: lines(
        `Поддержка ответила на ваше обращение #${v.id} «${v.title}».`,
        "",
        "Прочитать ответ:",
        v.link,
      ),
    }),
  },
  uk: {
    opened: (v) => ({
      subject: `Нове звернення #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» з «${v.account}» відкрив звернення #${v.id} «${v.title}».`,
        "",
        "Відповісти:",
        v.link,
      ),
    }),
    message: (v) => ({
      subject: `Нове повідомлення у зверненні #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» з «${v.account}» написав у зверненні #${v.id} «${v.title}».`,
        "",
        "Прочитати:",
        v.link,
      ),
    }),
    answered: (v) => ({
      subject: `На ваше звернення #${v.id} відповіли: ${v.title}`,
      text: lines(
        `Підтримка відповіла на ваше звернення #${v.id} «${v.title}».`,
        "",
        "Прочитати відповідь:",
        v.link,
      ),
    }),
  },
  es: {
    opened: (v) => ({
      subject: `Nuevo ticket de soporte #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» de «${v.account}» abrió el ticket #${v.id}, «${v.title}».`,
        "",
        "Respóndelo en:",
        v.link,
      ),
    }),
    message: (v) => ({
      subject: `Nuevo mensaje en el ticket #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» de «${v.account}» escribió en el ticket #${v.id}, «${v.title}».`,
        "",
        "Léelo en:",
        v.link,
      ),
    }),
    answered: (v) => ({
      subject: `Tu ticket #${v.id} tiene respuesta: ${v.title}`,
      text: lines(
        `Soporte respondió a tu ticket #${v.id}, «${v.title}».`,
        "",
        "Lee la respuesta en:",
        v.link,
      ),
    }),
  },
  it: {
    opened: (v) => ({
      subject: `Nuovo ticket di supporto #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» di «${v.account}» ha aperto il ticket #${v.id}, «${v.title}».`,
        "",
        "Rispondi qui:",
        v.link,
      ),
    }),
    message: (v) => ({
      subject: `Nuovo messaggio nel ticket #${v.id}: ${v.title}`,
      text: lines(
        `«${v.writer}» di «${v.account}» ha scritto nel ticket #${v.id}, «${v.title}».`,
        "",
        "Leggilo qui:",
        v.link,
      ),
    }),
    answered: (v) => ({
      subject: `Il tuo ticket #${v.id} ha una risposta: ${v.title}`,
      text: lines(
        `Il supporto ha risposto al tuo ticket #${v.id}, «${v.title}».`,
        "",
        "Leggi la risposta qui:",
        v.link,
      ),
    }),
  },
};

export type SupportLetter = keyof SupportLetters;

/**
 * One ticket letter in the reader's language (English for one the product does not speak). The
 * title, the writer and the account are typed by people: each is made one line, so none can
 * write headers or lines that read as ours.
 */
export function supportLetter(locale: string, kind: SupportLetter, values: TicketValues): Letter {
  const letters = (LOCALES as readonly string[]).includes(locale) ? LETTERS[locale as Locale] : LETTERS.en;
  const letter = letters[kind]({
    ...values,
    title: oneLine(values.title),
    writer: oneLine(values.writer),
    account: oneLine(values.account),
  });
  return { subject: oneLine(letter.subject), text: letter.text };
}
