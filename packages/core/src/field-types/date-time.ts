import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

const FORMATS = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  time: /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/,
} as const;

const modeOf = (element: TElement) => element.fieldSettings.dateTimeMode ?? "date";

function isRealDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
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
  toText: (element, answer) => {
    const mode = modeOf(element);
    const match = FORMATS[mode].exec(answer);
    if (!match || mode === "time") return answer;
    const date = `${match[3]}.${match[2]}.${match[1]}`;
    return mode === "date" ? date : `${date} ${answer.slice(11)}`;
  },
});
