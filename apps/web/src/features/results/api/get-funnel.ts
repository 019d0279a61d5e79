import type {
  PERFORMING_SORTS,
  TFieldsAnalysis,
  TPerformingQuestions,
  TSubmitRate,
} from "@formloom/core/api/statistics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { type DateRange, snakeRange } from "../../charts/date-range.ts";

const rangeKey = (range: DateRange) => [range.dateFrom, range.dateTo, range.timezone];

/** Views of the public page, fillings begun and submissions over the range, with their rates. */
export const useSubmitRate = (formId: number, range: DateRange) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "submit-rate", ...rangeKey(range)],
    queryFn: (): Promise<TSubmitRate> =>
      unwrap(
        client.GET("/api/forms/{id}/answers/submit-rate", {
          params: { path: { id: formId }, query: snakeRange(range) },
        }),
      ),
    placeholderData: keepPreviousData,
    // A card of the form's overview too, which a member who may not read results still opens.
    meta: { optional: true },
  });

export type PerformingSort = { by: (typeof PERFORMING_SORTS)[number]; order: "asc" | "desc" };

/** Each question's answer and skip rates and time over the range, sorted by the server as asked. */
export const usePerformingQuestions = (formId: number, range: DateRange, sort: PerformingSort) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "performing-questions", ...rangeKey(range), sort],
    queryFn: (): Promise<TPerformingQuestions> =>
      unwrap(
        client.GET("/api/forms/{id}/performing-questions", {
          params: {
            path: { id: formId },
            query: { ...snakeRange(range), sort_by: sort.by, sort_order: sort.order },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Drop-off and time per question, from the fillings' behaviour and the submissions. */
export const useFieldsAnalysis = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "fields-analysis"],
    queryFn: (): Promise<TFieldsAnalysis> =>
      unwrap(client.GET("/api/forms/{id}/fields-analysis", { params: { path: { id: formId } } })),
  });
