import type { TAnswersSummary, TNpsResult } from "@formloom/core/api/statistics";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/**
 * Each question's summary over all the form's submissions, as the reader may see them; not asked
 * for while `enabled` is false (a form nobody answered).
 */
export const useAnswersSummary = (formId: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["forms", formId, "answers", "summary"],
    queryFn: () => api<TAnswersSummary>("GET", `/forms/${formId}/answers/summary`),
  });

/**
 * The NPS of the form's first NPS question, by month. Any error (a form without one answers 400)
 * is the no-data state: the card shows nothing rather than an error.
 */
export const useNps = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "nps"],
    queryFn: () => api<TNpsResult>("GET", `/forms/${formId}/answer/nps?period=month`).catch(() => null),
  });
