import type {
  PERFORMING_SORTS,
  TFieldsAnalysis,
  TPerformingQuestions,
  TSubmitRate,
} from "@formloom/core/api/statistics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Views of the public page, fillings begun and submissions, with their rates. */
export const useSubmitRate = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "submit-rate"],
    queryFn: () => api<TSubmitRate>("GET", `/forms/${formId}/answers/submit-rate`),
  });

export type PerformingSort = { by: (typeof PERFORMING_SORTS)[number]; order: "asc" | "desc" };

/** Each question's answer and skip rates and time, sorted by the server as asked. */
export const usePerformingQuestions = (formId: number, sort: PerformingSort) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "performing-questions", sort],
    queryFn: () =>
      api<TPerformingQuestions>(
        "GET",
        `/forms/${formId}/performing-questions?sort_by=${sort.by}&sort_order=${sort.order}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Drop-off and time per question, from the fillings' behaviour and the submissions. */
export const useFieldsAnalysis = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "fields-analysis"],
    queryFn: () => api<TFieldsAnalysis>("GET", `/forms/${formId}/fields-analysis`),
  });
