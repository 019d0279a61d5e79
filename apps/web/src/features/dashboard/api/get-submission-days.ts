import type { TGroupedDates } from "@formloom/core/api/statistics";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Today in the reader's zone, as YYYY-MM-DD: the days the server counts are that zone's. */
export const todayIn = (zone: string | undefined) =>
  // Canadian English writes a day as YYYY-MM-DD.
  new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    ...(zone ? { timeZone: zone } : {}),
  }).format(new Date());

/** The day `days` days after (before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One month's submissions per day over the account's forms the reader may see, each form's count. */
export const useMonthSubmissions = (month: string) =>
  useQuery({
    queryKey: ["forms", "answers", "month-grouped", month],
    queryFn: (): Promise<TGroupedDates> =>
      unwrap(client.GET("/api/forms/answers/month/grouped", { params: { query: { month } } })),
  });

/** The submissions per day from one day to another, over the account's forms, each form's count. */
export const useSubmissionDays = (from: string, to: string) =>
  useQuery({
    queryKey: ["forms", "answers", "date-grouped", from, to],
    queryFn: (): Promise<TGroupedDates> =>
      unwrap(
        client.GET("/api/forms/answers/date/grouped", {
          params: { query: { date_from: from, date_to: to } },
        }),
      ),
  });
