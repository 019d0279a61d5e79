import { useQueries } from "@tanstack/react-query";
import { ApiError, send, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** GET /forms/{id}/answers/recent-new: what came in since this user last opened the form's results. */
export interface RecentNew {
  formId: number | string;
  count: number;
  latestAt: string | null;
  since: string | null;
}

/** At most this many forms of the pop-over are asked about, each its own small query. */
export const RECENT_NEW_FORMS = 10;

/**
 * Each listed form's submissions since the user last looked, polled with the count while the
 * pop-over is open. A server without the route (404) or a form no longer readable leaves that
 * form's line as the count tells it: null, not an error. A 401 is thrown, for the session dialog.
 */
export function useRecentNew(formIds: number[], intervalMs: number, enabled: boolean) {
  return useQueries({
    queries: formIds.slice(0, RECENT_NEW_FORMS).map((formId) => ({
      queryKey: ["forms", formId, "answers", "recent-new"],
      enabled,
      refetchInterval: intervalMs,
      retry: false,
      meta: { optional: true },
      queryFn: (): Promise<RecentNew | null> =>
        unwrap(
          client.GET("/api/forms/{id}/answers/recent-new", {
            params: { path: { id: formId } },
            fetch: (request) => send(request, { keepSessionOnUnauthorized: true }),
          }),
        ).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw error;
          return null;
        }),
    })),
  });
}
