import type { TEventLog } from "@formloom/core/api/behavior";
import type { TAnswerAdditional, TAnswerCalc, TPrevNext } from "@formloom/core/api/single-result";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const part = <T>(formId: number, answerId: number | undefined, name: string, enabled = true) => ({
  queryKey: ["forms", formId, "answer", answerId, name],
  queryFn: () => api<T>("GET", `/forms/${formId}/answer/${answerId}/${name}`),
  enabled: enabled && answerId !== undefined,
});

/** The submissions before and after this one in the results' default order. */
export const usePrevNext = (formId: number, answerId: number | undefined) =>
  useQuery(part<TPrevNext>(formId, answerId, "prev-next"));

export const useAnswerCalc = (formId: number, answerId: number, enabled: boolean) =>
  useQuery(part<TAnswerCalc>(formId, answerId, "calc", enabled));

export const useAnswerAdditional = (formId: number, answerId: number, enabled: boolean) =>
  useQuery(part<TAnswerAdditional>(formId, answerId, "additional", enabled));

export const useEventLog = (formId: number, answerId: number, enabled: boolean) =>
  useQuery(part<TEventLog>(formId, answerId, "event-logs", enabled));
