import type { TAnswerDetail, TAnswerPage } from "@formloom/core/api/answers";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export interface AnswerPageParams {
  page: number;
  /** Rows per page; ALL_ROWS for every row at once. */
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

/**
 * The rows-per-page choice "All": every matching row in one list, read with one call (the server
 * refuses a form of more than EXPORT_JOB_THRESHOLD of them with answers.too_many, said in the
 * table's place: those are read page by page, or exported).
 */
export const ALL_ROWS = 0;

function allAnswers(formId: number, params: AnswerPageParams): Promise<TAnswerPage & { nextCursor: null }> {
  return unwrap(
    client.GET("/api/forms/{id}/answer", {
      params: {
        path: { id: formId },
        query: {
          sortBy: params.sortBy,
          order: params.order,
          isViewed: params.isViewed,
          status: params.status,
          ...(filtered(params) ? { filters: JSON.stringify(params.filters) } : {}),
        },
      },
    }),
  ).then((list) => ({ ...list, page: 1, size: list.total, nextCursor: null }));
}

export const answersQueryOptions = (formId: number, params: AnswerPageParams) =>
  queryOptions({
    queryKey: ["forms", formId, "answers", params],
    queryFn: (): Promise<TAnswerPage & { nextCursor?: string | null }> =>
      params.size === ALL_ROWS
        ? allAnswers(formId, params)
        : unwrap(
            client.GET("/api/forms/{id}/answer/paginated/{page}/{size}", {
              params: {
                path: { id: formId, page: params.page, size: params.size },
                query: {
                  sortBy: params.sortBy,
                  order: params.order,
                  isViewed: params.isViewed,
                  after: params.after,
                  status: params.status,
                  // The total comes from useAnswerCount, once per filter, not again with every page or sort.
                  ...(filtered(params)
                    ? { filters: JSON.stringify(params.filters), withTotal: "false" }
                    : {}),
                },
              },
            }),
          ),
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
    queryFn: () =>
      unwrap(
        client.GET("/api/forms/{id}/answer/count", {
          params: {
            path: { id: formId },
            query: {
              filters: JSON.stringify(params.filters),
              isViewed: params.isViewed,
              status: params.status,
            },
          },
        }),
      ),
    enabled: filtered(params),
    placeholderData: keepPreviousData,
  });

/** One submission by its form's own number (#12), the one its page's address carries. */
export const useAnswerByNumber = (formId: number, number: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", "number", number],
    queryFn: (): Promise<TAnswerDetail> =>
      unwrap(client.GET("/api/forms/{id}/results/{number}", { params: { path: { id: formId, number } } })),
  });

/** One submission, read on its own so the server applies the reader's access to it again. */
export const useAnswer = (formId: number, answerId: number | null) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId],
    queryFn: (): Promise<TAnswerDetail> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}", {
          params: { path: { id: formId, answerId: answerId ?? 0 } },
        }),
      ),
    enabled: answerId !== null,
  });
