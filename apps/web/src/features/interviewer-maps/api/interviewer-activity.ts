import type { TInterviewerActivity } from "@formloom/core/api/interviewer-maps";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { MAPS_KEY } from "./interviewer-areas.ts";

/** Where and when the interviewer collected submissions on the days from…to (today when not given). */
export const useInterviewerActivity = (interviewerId: number, days: { from?: string; to?: string }) =>
  useQuery({
    queryKey: [MAPS_KEY, interviewerId, "activity", days.from ?? null, days.to ?? null],
    queryFn: (): Promise<TInterviewerActivity> =>
      unwrap(
        client.GET("/api/account/users/{id}/activity", {
          params: { path: { id: interviewerId }, query: days },
        }),
      ),
    placeholderData: keepPreviousData,
  });
