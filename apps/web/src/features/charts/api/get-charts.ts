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
import { ApiError, api } from "../../../lib/api-client.ts";
import { type DateRange, rangeQuery, snakeRangeQuery } from "../date-range.ts";

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

function useChart<T>(formId: number, name: string, range: DateRange, path: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ["forms", formId, "charts", name, range.dateFrom, range.dateTo, range.timezone],
    queryFn: () => orNoData(api<T>("GET", `/forms/${formId}/${path}`)),
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
  const camel = rangeQuery(range);
  const snake = snakeRangeQuery(range);
  const general = parts.general ?? false;
  const period = npsPeriodFor(range.dateFrom, range.dateTo);
  const daily = useChart<TDailySubmissions>(formId, "daily", range, `daily-submissions?${camel}`, general);
  const time = useChart<TSubmissionsTime>(formId, "time", range, `submissions-time?${camel}`, general);
  const devices = useChart<TSubmissionsDevices>(
    formId,
    "devices",
    range,
    `charts/submissions-devices?${camel}`,
    general,
  );
  const countries = useChart<TSubmissionsCountries>(
    formId,
    "countries",
    range,
    `charts/submissions-countries?${camel}`,
    general,
  );
  const submitRate = useChart<TSubmitRate>(
    formId,
    "submit-rate",
    range,
    `answers/submit-rate?${snake}`,
    general,
  );
  const submitRateDays = useChart<TSubmitRateDays>(
    formId,
    "submit-rate-days",
    range,
    `charts/submit-rate-days?${camel}`,
    general,
  );
  const nps = useChart<TNpsResult>(
    formId,
    `nps-${period}`,
    range,
    `answer/nps?${snake}&period=${period}`,
    parts.nps ?? false,
  );
  const summary = useChart<TAnswersSummary>(
    formId,
    "summary",
    range,
    `answers/summary?${snake}`,
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
    queryFn: () => api<TSharedReportData>("GET", `/shared-reports/${token}?${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
