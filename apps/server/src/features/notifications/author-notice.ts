import { LOCALES, type Locale } from "@formloom/core/api/auth";
import type { TElement } from "@formloom/core/element-schema";
import { answerToText, isAnswerable } from "@formloom/core/field-registry";
import { fileRefsOf, isUploadField } from "@formloom/core/field-types/file-like";
import type { TFormSettings } from "@formloom/core/form-schema";
import { stripHtml } from "@formloom/core/text";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import type { formAnswers, forms } from "../../db/schema.ts";
import { users } from "../../db/schema.ts";
import { channelAccess, visibleStoredAnswer } from "../../http/policy.ts";
import { type Letter, oneLine } from "../../mail/letters.ts";
import { fileAddress, fileLinksFor } from "../files/file-links.ts";
import { resultLink } from "../webhooks/readable.ts";

/**
 * "Notify me of new submissions" (the form's hasAnswerNotifications): a plain letter to the form's
 * author for each submission, in the author's language, with the answers the author may read and
 * a link to the submission. Notifications made on the form's Notifications page are apart from it.
 */

type AnswerRow = typeof formAnswers.$inferSelect;
type FormRow = typeof forms.$inferSelect;

interface Words {
  subject(form: string): string;
  hello(name: string): string;
  sent(form: string, number: string): string;
  open: string;
  why: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    subject: (form) => `New submission to "${form}"`,
    hello: (name) => `Hello ${name},`,
    sent: (form, number) => `Your form "${form}" has a new submission, ${number}:`,
    open: "Open it:",
    why: "You get this e-mail because “Notify me of new submissions” is on in the form's settings.",
  },
  ru: {
    subject: (form) => `Новый ответ на форму «${form}»`,
    hello: (name) => `Здравствуйте, ${name}!`,
    sent: (form, number) => `На вашу форму «${form}» пришёл новый ответ ${number}:`,
    open: "Открыть его:",
    why: "Вы получили это письмо, потому что в настройках формы включено «Уведомлять о новых ответах».",
  },
  uk: {
    subject: (form) => `Нова відповідь на форму «${form}»`,
    hello: (name) => `Вітаємо, ${name}!`,
    sent: (form, number) => `На вашу форму «${form}» надійшла нова відповідь ${number}:`,
    open: "Відкрити її:",
    why: "Ви отримали цей лист, бо в налаштуваннях форми увімкнено «Сповіщати про нові відповіді».",
  },
  es: {
    subject: (form) => `Nueva respuesta a «${form}»`,
    hello: (name) => `Hola, ${name}:`,
    sent: (form, number) => `Tu formulario «${form}» tiene una nueva respuesta, la ${number}:`,
    open: "Ábrela:",
    why: "Recibes este correo porque «Avisarme de nuevos envíos» está activado en los ajustes del formulario.",
  },
  it: {
    subject: (form) => `Nuova risposta a «${form}»`,
    hello: (name) => `Ciao ${name},`,
    sent: (form, number) => `Il tuo modulo «${form}» ha ricevuto una nuova risposta, la ${number}:`,
    open: "Aprila:",
    why: "Ricevi questa e-mail perché nelle impostazioni del modulo è attivo «Avvisami dei nuovi invii».",
  },
};

/** At most this many characters of one answer in the letter: the submission's page has it whole. */
const ANSWER_CHARS = 300;

function answerLines(
  fields: readonly TElement[],
  answer: AnswerRow,
  /** A file's address as the author opens it from the letter. */
  fileHref: (url: string) => string,
): string[] {
  const list = Array.isArray(answer.answers)
    ? (answer.answers as Array<{ fieldId?: unknown; answer?: unknown }>)
    : [];
  const given = new Map(list.map((item) => [item.fieldId, item.answer]));
  return fields
    .filter((field) => isAnswerable(field) && given.has(field.id))
    .map((field) => {
      const title = oneLine(stripHtml(field.question || field.title || field.id));
      const files = isUploadField(field) ? fileRefsOf(given.get(field.id)) : null;
      // A file's link is kept whole: cut, it would open nothing.
      const text = files
        ? files.map((file) => `${oneLine(file.name || file.url)} (${fileHref(file.url)})`).join(", ")
        : oneLine(answerToText(field, given.get(field.id))).slice(0, ANSWER_CHARS);
      return `${title}: ${text}`;
    });
}

/** The letter to the form's author for this submission, or null when none is to go. */
export async function authorNotice(
  db: Db,
  options: {
    form: FormRow;
    settings: Pick<TFormSettings, "hasAnswerNotifications">;
    fields: readonly TElement[];
    answer: AnswerRow;
    linkBase: string;
    /** What the letter's links to files are signed with (settings.jwtSecret). */
    fileLinkSecret: string;
  },
): Promise<(Letter & { to: string }) | null> {
  const { form, answer } = options;
  if (!options.settings.hasAnswerNotifications || form.creatorId === null) return null;
  const [author] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, form.creatorId), eq(users.accountId, answer.accountId)));
  if (!author) return null;
  // The author is told only what they may read of the form now.
  const access = await channelAccess(db, answer.accountId, author.id, form);
  if (access.level === "none") return null;
  const shown = visibleStoredAnswer(answer, access);
  const words = (LOCALES as readonly string[]).includes(author.locale)
    ? WORDS[author.locale as Locale]
    : WORDS.en;
  const title = oneLine(form.title);
  const link = resultLink(options.linkBase, answer);
  const sign = fileLinksFor(options.fileLinkSecret, author);
  return {
    to: author.email,
    subject: oneLine(words.subject(title)),
    text: [
      words.hello(oneLine(author.username)),
      "",
      // The form's own number, as the results table shows it; the id stays internal.
      words.sent(title, `#${answer.number ?? answer.id}`),
      "",
      ...answerLines(options.fields, shown, (url) => fileAddress(url, options.linkBase, sign)),
      "",
      words.open,
      link,
      "",
      words.why,
    ].join("\n"),
  };
}
