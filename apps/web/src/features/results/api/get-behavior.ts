import type { TAnswerSpider, TSpiderList } from "@formloom/core/api/behavior-patterns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** A submission's six behavioural attributes and each question's time (GET …/answer/{answerId}/spider). */
export const useAnswerSpider = (formId: number, answerId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "spider"],
    queryFn: () => api<TAnswerSpider>("GET", `/forms/${formId}/answer/${answerId}/spider`),
  });

/** The attributes of one page of the form's submissions, newest first, with their mean. */
export const useSpiderList = (formId: number, page: number, size: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", "list", "spider", page, size],
    queryFn: () => api<TSpiderList>("GET", `/forms/${formId}/answer/list/spider/${page}/${size}`),
    placeholderData: keepPreviousData,
  });
