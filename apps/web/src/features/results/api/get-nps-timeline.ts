import type { TNpsTimeline } from "@formloom/core/api/statistics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export interface NpsTimelineParams {
  npsId?: string | undefined;
  page: number;
  itemsPerPage: number;
}

/** forms.md §4: in the NPS view a 400 or 500 answer is the no-data state, and clears the data. */
export const isNoData = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status >= 500);

/** The NPS questions of the form the reader may see. */
export const useNpsFields = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "nps-fields"],
    queryFn: () => unwrap(client.GET("/api/forms/{id}/nps-fields", { params: { path: { id: formId } } })),
  });

/** The NPS answers one by one, newest first, a page of itemsPerPage at a time. */
export const useNpsTimeline = (formId: number, params: NpsTimelineParams) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "nps-timeline", params],
    queryFn: (): Promise<TNpsTimeline> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/nps/timeline", {
          params: {
            path: { id: formId },
            query: {
              itemsPerPage: params.itemsPerPage,
              page: params.page,
              nps_id: params.npsId || undefined,
            },
          },
        }),
      ),
    // The page being read stays while the next one comes, unless the next one has no data.
    placeholderData: keepPreviousData,
    retry: false,
  });
