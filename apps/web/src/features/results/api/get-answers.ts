import type { TAnswerDetail, TAnswerPage } from "@formloom/core/api/answers";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface AnswerPageParams {
  page: number;
  size: number;
  /** A column, or `answer:<fieldId>` to sort by a field's answer. */
  sortBy: "id" | "number" | "submitTime" | "formPassingTime" | "isViewed" | "score" | `answer:${string}`;
  order: "asc" | "desc";
  isViewed?: "true" | "false";
  filters?: TAnswerFilters;
  /** The previous page's nextCursor when paging onward: the server reads on from it instead of skipping rows. */
  after?: string;
  /** The fillings not sent yet that the server kept, instead of the submissions. */
  status?: "partial";
}

export const answersQueryOptions = (formId: number, params: AnswerPageParams) =>
  queryOptions({
    queryKey: ["forms", formId, "answers", params],
    queryFn: () => {
      const query = new URLSearchParams({ sortBy: params.sortBy, order: params.order });
      if (params.isViewed) query.set("isViewed", params.isViewed);
      if (params.after) query.set("after", params.after);
      if (params.status) query.set("status", params.status);
      if (filtered(params)) {
        query.set("filters", JSON.stringify(params.filters));
        // The total comes from useAnswerCount, once per filter, not again with every page or sort.
        query.set("withTotal", "false");
      }
      return api<TAnswerPage & { nextCursor?: string | null }>(
        "GET",
        `/forms/${formId}/answer/paginated/${params.page}/${params.size}?${query}`,
      );
    },
    placeholderData: keepPreviousData,
  });

export const useAnswers = (formId: number, params: AnswerPageParams) =>
  useQuery(answersQueryOptions(formId, params));

const filtered = (params: Pick<AnswerPageParams, "filters">) =>
  !!params.filters && Object.keys(params.filters).length > 0;

/**
 * How many submissions (or partial responses) the table's read state and filters match, asked
 * only when filtered (the page brings the kept count otherwise) and kept while the reader pages
 * and sorts.
 */
export const useAnswerCount = (
  formId: number,
  params: Pick<AnswerPageParams, "isViewed" | "filters" | "status">,
) =>
  useQuery({
    queryKey: [
      "forms",
      formId,
      "answers",
      "count",
      { isViewed: params.isViewed, filters: params.filters, status: params.status },
    ],
    queryFn: () => {
      const query = new URLSearchParams({ filters: JSON.stringify(params.filters) });
      if (params.isViewed) query.set("isViewed", params.isViewed);
      if (params.status) query.set("status", params.status);
      return api<{ total: number }>("GET", `/forms/${formId}/answer/count?${query}`);
    },
    enabled: filtered(params),
    placeholderData: keepPreviousData,
  });

/** One submission by its form's own number (#12), the one its page's address carries. */
export const useAnswerByNumber = (formId: number, number: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", "number", number],
    queryFn: () => api<TAnswerDetail>("GET", `/forms/${formId}/results/${number}`),
  });

/** One submission, read on its own so the server applies the reader's access to it again. */
export const useAnswer = (formId: number, answerId: number | null) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId],
    queryFn: () => api<TAnswerDetail>("GET", `/forms/${formId}/answer/${answerId}`),
    enabled: answerId !== null,
  });
