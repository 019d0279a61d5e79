import type { TAnswersSummary, TNpsResult } from "@formloom/core/api/statistics";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/**
 * Each question's summary over all the form's submissions, as the reader may see them; not asked
 * for while `enabled` is false (a form nobody answered).
 */
export const useAnswersSummary = (formId: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["forms", formId, "answers", "summary"],
    queryFn: (): Promise<TAnswersSummary> =>
      unwrap(client.GET("/api/forms/{id}/answers/summary", { params: { path: { id: formId } } })),
  });

/**
 * The NPS of the form's first NPS question, by month. Any error (a form without one answers 400)
 * is the no-data state: the card shows nothing rather than an error.
 */
export const useNps = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "nps"],
    queryFn: (): Promise<TNpsResult | null> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/nps", {
          params: { path: { id: formId }, query: { period: "month" } },
        }),
      ).catch(() => null),
  });
