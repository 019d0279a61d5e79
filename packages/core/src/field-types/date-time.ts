import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import type { Locale } from "../locales.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

const FORMATS = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  time: /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/,
} as const;

export type DateTimeMode = keyof typeof FORMATS;

export const modeOf = (element: TElement): DateTimeMode => element.fieldSettings.dateTimeMode ?? "date";

/**
 * How each form language writes a day: day first everywhere, in the two formats forms.md §9
 * names, DD.MM.YYYY, and DD-MM-YYYY for Spanish and Italian, whose readers write a day with a
 * dash or a slash, never a dot. The answer itself stays YYYY-MM-DD.
 */
export const DAY_PATTERNS: Record<Locale, string> = {
  en: "DD.MM.YYYY",
  ru: "DD.MM.YYYY",
  uk: "DD.MM.YYYY",
  es: "DD-MM-YYYY",
  it: "DD-MM-YYYY",
};

/** A day typed day first, with dots, slashes or dashes between its parts, or none (14032026). */
const TYPED_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$|^(\d{2})(\d{2})(\d{4})$/;
const TYPED_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function isRealDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}

/** Whether an answer is written as it is stored: YYYY-MM-DD, HH:mm or both, as the mode asks. */
export const isStoredForm = (answer: string, mode: DateTimeMode) => FORMATS[mode].test(answer);

/** A date answer (YYYY-MM-DD, with its time in datetime mode) as the form's language writes it. */
export function dayText(answer: string, mode: DateTimeMode, locale: Locale): string {
  const match = mode === "time" ? null : FORMATS[mode].exec(answer);
  if (!match) return answer;
  const day = DAY_PATTERNS[locale]
    .replace("DD", match[3]!)
    .replace("MM", match[2]!)
    .replace("YYYY", match[1]!);
  return mode === "date" ? day : `${day} ${answer.slice(11)}`;
}

function storedDay(typed: string): string | null {
  if (FORMATS.date.test(typed)) return typed;
  const match = TYPED_DAY.exec(typed);
  if (!match) return null;
  const [day, month, year] = match[1] ? [match[1], match[2]!, match[3]!] : [match[4]!, match[5]!, match[6]!];
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

function storedTime(typed: string): string | null {
  const match = TYPED_TIME.exec(typed);
  if (!match) return null;
  return `${match[1]!.padStart(2, "0")}:${match[2]}${match[3] ? `:${match[3]}` : ""}`;
}

/**
 * A day (and time) the respondent typed as the answer is stored: YYYY-MM-DD[THH:mm]. Text that is
 * no day stays as typed, so validation refuses it as it would any wrong date.
 */
export function answerFromDayText(text: string, mode: DateTimeMode): string {
  const typed = text.trim();
  if (FORMATS[mode].test(typed)) return typed;
  if (mode === "time") return storedTime(typed) ?? text;
  if (mode === "date") return storedDay(typed) ?? text;
  const [dayPart = "", timePart = "", ...rest] = typed.split(/\s+/);
  const day = storedDay(dayPart);
  const time = storedTime(timePart);
  return day && time && rest.length === 0 ? `${day}T${time}` : text;
}

/** A date (YYYY-MM-DD), a time (HH:mm[:ss]) or both, as the element asks; shown as DD.MM.YYYY. */
export const dateTime = defineFieldType<string>({
  category: "field",
  label: "Date and time",
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { dateTimeMode: "date" } }),
  answerSchema: z.string().check(z.maxLength(40)),
  isEmpty: (answer) => answer.trim() === "",
  validate: (element, answer) => {
    const match = FORMATS[modeOf(element)].exec(answer);
    if (!match) return "answer.invalid_date";
    if (modeOf(element) !== "time" && !isRealDate(match[1]!, match[2]!, match[3]!))
      return "answer.invalid_date";
    return null;
  },
  toText: (element, answer) => dayText(answer, modeOf(element), "en"),
});
