import type { TAnswerSpider, TSpiderList } from "@formloom/core/api/behavior-patterns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** A submission's six behavioural attributes and each question's time (GET …/answer/{answerId}/spider). */
export const useAnswerSpider = (formId: number, answerId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "spider"],
    queryFn: (): Promise<TAnswerSpider> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/spider", {
          params: { path: { id: formId, answerId } },
        }),
      ),
  });

/** The attributes of one page of the form's submissions, newest first, with their mean. */
export const useSpiderList = (formId: number, page: number, size: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", "list", "spider", page, size],
    queryFn: (): Promise<TSpiderList> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/list/spider/{page}/{size}", {
          params: { path: { id: formId, page, size } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
