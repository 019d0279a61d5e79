import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";

/** The app's formats plus the charts' own: short days for an axis and countries' names, in the reader's language. */
export function useChartFormat() {
  const { i18n } = useTranslation();
  const format = useFormat();
  const language = i18n.language || "en";
  const short = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
  let regions: Intl.DisplayNames | null = null;
  try {
    regions = new Intl.DisplayNames([language], { type: "region" });
  } catch {
    regions = null;
  }
  return {
    ...format,
    /** A day on a chart's axis: "5 Mar", "5 мар.". */
    shortDay: (day: string) => short.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    /** A country's name from its ISO code, or the code where the language has no name for it. */
    country: (code: string) => {
      try {
        return regions?.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    },
    percent: (value: number | null) => (value === null ? "—" : `${format.number(value)}%`),
  };
}
