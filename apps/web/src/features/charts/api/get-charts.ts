import {
  npsPeriodFor,
  type TSharedReportData,
  type TSubmissionsCountries,
  type TSubmissionsDevices,
  type TSubmissionsTime,
  type TSubmitRateDays,
} from "@formloom/core/api/shared-reports";
import type {
  TAnswersSummary,
  TDailySubmissions,
  TNpsResult,
  TSubmitRate,
} from "@formloom/core/api/statistics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { type DateRange, rangeParams, snakeRange } from "../date-range.ts";

/** What every chart reads; undefined while it is coming, null where the server has no figures. */
export interface ChartsData {
  daily?: TDailySubmissions | null;
  time?: TSubmissionsTime | null;
  devices?: TSubmissionsDevices | null;
  countries?: TSubmissionsCountries | null;
  submitRate?: TSubmitRate | null;
  submitRateDays?: TSubmitRateDays | null;
  nps?: TNpsResult | null;
  summary?: TAnswersSummary | null;
}

/**
 * A chart's figures, or null where the server has none to give: a call it does not answer yet
 * (404), a form without an NPS question (400), a reader without access to the form's data (403)
 * or a failure (500) are all the chart's no-data state.
 */
async function orNoData<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && ([400, 403, 404].includes(error.status) || error.status >= 500))
      return null;
    throw error;
  }
}

function useChart<T>(formId: number, name: string, range: DateRange, call: () => Promise<T>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ["forms", formId, "charts", name, range.dateFrom, range.dateTo, range.timezone],
    queryFn: () => orNoData(call()),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The figures of one form's charts over the range: the ones named in `parts`, each its own call. */
export function useFormCharts(
  formId: number,
  range: DateRange,
  parts: { general?: boolean; questions?: boolean; nps?: boolean },
): ChartsData {
  const path = { id: formId };
  const camel = { params: { path, query: rangeParams(range) } };
  const snake = snakeRange(range);
  const general = parts.general ?? false;
  const period = npsPeriodFor(range.dateFrom, range.dateTo);
  const daily = useChart(
    formId,
    "daily",
    range,
    (): Promise<TDailySubmissions> => unwrap(client.GET("/api/forms/{id}/daily-submissions", camel)),
    general,
  );
  const time = useChart(
    formId,
    "time",
    range,
    (): Promise<TSubmissionsTime> => unwrap(client.GET("/api/forms/{id}/submissions-time", camel)),
    general,
  );
  const devices = useChart(
    formId,
    "devices",
    range,
    (): Promise<TSubmissionsDevices> =>
      unwrap(client.GET("/api/forms/{id}/charts/submissions-devices", camel)),
    general,
  );
  const countries = useChart(
    formId,
    "countries",
    range,
    (): Promise<TSubmissionsCountries> =>
      unwrap(client.GET("/api/forms/{id}/charts/submissions-countries", camel)),
    general,
  );
  const submitRate = useChart(
    formId,
    "submit-rate",
    range,
    (): Promise<TSubmitRate> =>
      unwrap(client.GET("/api/forms/{id}/answers/submit-rate", { params: { path, query: snake } })),
    general,
  );
  const submitRateDays = useChart(
    formId,
    "submit-rate-days",
    range,
    (): Promise<TSubmitRateDays> => unwrap(client.GET("/api/forms/{id}/charts/submit-rate-days", camel)),
    general,
  );
  const nps = useChart(
    formId,
    `nps-${period}`,
    range,
    (): Promise<TNpsResult> =>
      unwrap(client.GET("/api/forms/{id}/answer/nps", { params: { path, query: { ...snake, period } } })),
    parts.nps ?? false,
  );
  const summary = useChart(
    formId,
    "summary",
    range,
    (): Promise<TAnswersSummary> =>
      unwrap(client.GET("/api/forms/{id}/answers/summary", { params: { path, query: snake } })),
    parts.questions ?? false,
  );
  return {
    daily: general ? daily.data : null,
    time: general ? time.data : null,
    devices: general ? devices.data : null,
    countries: general ? countries.data : null,
    submitRate: general ? submitRate.data : null,
    submitRateDays: general ? submitRateDays.data : null,
    nps: parts.nps ? nps.data : null,
    summary: parts.questions ? summary.data : null,
  };
}

/** A shared report's figures over the range, read signed out with its token. */
export const useSharedReport = (token: string, range: DateRange) =>
  useQuery({
    queryKey: ["shared-report", token, range.dateFrom, range.dateTo, range.timezone],
    queryFn: (): Promise<TSharedReportData> =>
      unwrap(
        client.GET("/api/shared-reports/{token}", { params: { path: { token }, query: rangeParams(range) } }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
