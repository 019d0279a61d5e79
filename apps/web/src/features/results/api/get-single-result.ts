import type { TEventLog } from "@formloom/core/api/behavior";
import type { TAnswerAdditional, TAnswerCalc, TPrevNext } from "@formloom/core/api/single-result";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const params = (formId: number, answerId: number) => ({ params: { path: { id: formId, answerId } } });

/** The submissions before and after this one in the results' default order. */
export const usePrevNext = (formId: number, answerId: number | undefined) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "prev-next"],
    queryFn: (): Promise<TPrevNext> =>
      unwrap(client.GET("/api/forms/{id}/answer/{answerId}/prev-next", params(formId, answerId ?? 0))),
    enabled: answerId !== undefined,
  });

export const useAnswerCalc = (formId: number, answerId: number, enabled: boolean) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "calc"],
    queryFn: (): Promise<TAnswerCalc> =>
      unwrap(client.GET("/api/forms/{id}/answer/{answerId}/calc", params(formId, answerId))),
    enabled,
  });

export const useAnswerAdditional = (formId: number, answerId: number, enabled: boolean) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "additional"],
    queryFn: (): Promise<TAnswerAdditional> =>
      unwrap(client.GET("/api/forms/{id}/answer/{answerId}/additional", params(formId, answerId))),
    enabled,
  });

export const useEventLog = (formId: number, answerId: number, enabled: boolean) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "event-logs"],
    queryFn: (): Promise<TEventLog> =>
      unwrap(client.GET("/api/forms/{id}/answer/{answerId}/event-logs", params(formId, answerId))),
    enabled,
  });
