import type { TNewAnswerCount } from "@formloom/core/api/forms";
import { useQuery } from "@tanstack/react-query";
import { send, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** platform.md §9: the submissions poll runs every 20 s, and every 60 s after "Stay here". */
export const POLL_INTERVAL_MS = 20_000;
export const SLOW_POLL_INTERVAL_MS = 60_000;

export const useNewAnswerCount = (intervalMs: number) =>
  useQuery({
    queryKey: ["forms", "new-answers"],
    queryFn: (): Promise<TNewAnswerCount> =>
      unwrap(
        client.GET("/api/forms/account/answer/count-new", {
          fetch: (request) => send(request, { keepSessionOnUnauthorized: true }),
        }),
      ),
    refetchInterval: intervalMs,
    retry: false,
    // The top bar's, beside every page: a refusal leaves the page shown where it is.
    meta: { optional: true },
  });
