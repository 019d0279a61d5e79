import type { TElement } from "@formloom/core/element-schema";
import { answerToText } from "@formloom/core/field-registry";
import { DAY_PATTERNS, dayText, modeOf } from "@formloom/core/field-types/date-time";
import { formLocale } from "@formloom/core/locales";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { useTranslation } from "react-i18next";
import { useUser } from "../features/auth/api/get-user.ts";
import { msg } from "./i18n.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

type Moment = string | number | Date;

/**
 * One way of writing dates and times per language, used for every date the app shows: the
 * moment a form was submitted, a date answered on it, a list's dates. The day is written as core
 * writes it on the form's page (`DAY_PATTERNS`), times as forms.md §9's HH:mm:ss.
 */
const UNITS: Record<string, "narrow" | "short"> = { ru: "short", uk: "short" };
const TIME = "HH:mm";
const TIME_SECONDS = "HH:mm:ss";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DURATION_UNITS = [
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
] as const;

/**
 * Dates, times, durations and numbers the way the reader's language writes them, with moments
 * in their time zone.
 */
export function formatters(locale: string, zone: string | undefined, translate?: (key: string) => string) {
  const language = locale.split("-")[0] ?? "en";
  const style = {
    date: DAY_PATTERNS[formLocale(language)],
    units: UNITS[language] ?? "narrow",
  };
  const at = (value: Moment) => (zone ? dayjs(value).tz(zone) : dayjs(value));
  const numbers = new Intl.NumberFormat(locale);
  const units = Object.fromEntries(
    DURATION_UNITS.map(([unit]) => [
      unit,
      new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: style.units }),
    ]),
  ) as Record<(typeof DURATION_UNITS)[number][0], Intl.NumberFormat>;

  /** A calendar day such as a birthday or a date answer: no time zone moves it. */
  const day = (value: string) => {
    const match = DAY.exec(value.slice(0, 10));
    return match ? dayjs(`${match[1]}-${match[2]}-${match[3]}T00:00:00`).format(style.date) : value;
  };

  return {
    date: (value: Moment) => at(value).format(style.date),
    dateTime: (value: Moment) => at(value).format(`${style.date} ${TIME}`),
    dateTimeSeconds: (value: Moment) => at(value).format(`${style.date} ${TIME_SECONDS}`),
    day,
    number: (value: number) => numbers.format(value),
    /** A passing time in seconds, largest units first: "1h 2m 3s", "1 ч 2 мин 3 с". */
    duration: (totalSeconds: number) => {
      let left = Math.max(0, Math.round(totalSeconds));
      const parts: string[] = [];
      for (const [unit, size] of DURATION_UNITS) {
        const amount = Math.floor(left / size);
        left -= amount * size;
        if (amount > 0) parts.push(units[unit].format(amount));
      }
      return parts.length > 0 ? parts.join(" ") : units.second.format(0);
    },
    /**
     * An answer as text; dates answered on a form are written like every other date, and the
     * button a like question's respondent clicked, or a decision box's yes or no, is named in
     * the reader's language.
     */
    answer: (field: TElement, answer: unknown) => {
      if (field.fieldType === "dateTime" && typeof answer === "string")
        return dayText(answer, modeOf(field), formLocale(language));
      if (translate && field.fieldType === "like" && (answer === "like" || answer === "dislike"))
        return translate(`codes.widget.like.${answer}`);
      if (translate && field.fieldType === "decisionBox" && typeof answer === "boolean")
        return translate(answer ? msg("Yes") : msg("No"));
      return answerToText(field, answer);
    },
  };
}

export type Formatters = ReturnType<typeof formatters>;

/** Formatters for the signed-in user's language and time zone (the browser's before sign-in). */
export function useFormat(): Formatters {
  const { i18n, t } = useTranslation();
  const { data: user } = useUser();
  return formatters(i18n.language, user?.timezone, t);
}
