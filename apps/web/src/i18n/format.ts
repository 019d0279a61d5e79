import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { useTranslation } from "react-i18next";
import { useUser } from "../features/auth/api/get-user.ts";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);

type Moment = string | number | Date;

/**
 * Dates, times and numbers the way the reader's language writes them (11/22/2026 in English,
 * 22.11.2026 in Russian), with times in their time zone.
 */
export function formatters(locale: string, zone: string | undefined) {
  const at = (value: Moment) => {
    const moment = dayjs(value).locale(locale);
    return zone ? moment.tz(zone) : moment;
  };
  const numbers = new Intl.NumberFormat(locale);
  return {
    date: (value: Moment) => at(value).format("L"),
    dateTime: (value: Moment) => at(value).format("L LT"),
    dateTimeSeconds: (value: Moment) => at(value).format("L LTS"),
    /** A calendar day such as a birthday: no time zone moves it. */
    day: (value: string) => dayjs(value).locale(locale).format("L"),
    number: (value: number) => numbers.format(value),
  };
}

export type Formatters = ReturnType<typeof formatters>;

/** Formatters for the signed-in user's language and time zone (the browser's before sign-in). */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const { data: user } = useUser();
  return formatters(i18n.language, user?.timezone);
}
