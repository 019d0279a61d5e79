import type { TCategorizedSearchResponse, TSearchResponse } from "@formloom/core/api/search";
import { SEARCH_MIN_LENGTH, type SearchType } from "@formloom/core/search";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** What a search asks: the text, an optional day range (YYYY-MM-DD) and the types ticked (none means all). */
export interface SearchAsk {
  text: string;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  types?: readonly SearchType[] | undefined;
}

const query = (ask: SearchAsk) => ({
  request: ask.text.trim(),
  dateFrom: ask.dateFrom || undefined,
  dateTo: ask.dateTo || undefined,
  types: ask.types && ask.types.length > 0 ? [...ask.types] : undefined,
});

/** A search runs only for text longer than 2 characters and a FROM day not after the TO day. */
export const searchable = (ask: SearchAsk) =>
  ask.text.trim().length >= SEARCH_MIN_LENGTH && !(ask.dateFrom && ask.dateTo && ask.dateFrom > ask.dateTo);

/** GET /search/categorized: each type's count and first hits. */
export const useCategorizedSearch = (ask: SearchAsk, enabled = true) =>
  useQuery({
    queryKey: ["search", "categorized", ask],
    queryFn: (): Promise<TCategorizedSearchResponse> =>
      unwrap(client.GET("/api/search/categorized", { params: { query: query(ask) } })),
    enabled: enabled && searchable(ask),
    placeholderData: keepPreviousData,
  });

/** GET /search: one page of one or more types' hits, best first. */
export const useSearchPage = (ask: SearchAsk, page: number, pageSize: number) =>
  useQuery({
    queryKey: ["search", "page", ask, page, pageSize],
    queryFn: (): Promise<TSearchResponse> =>
      unwrap(client.GET("/api/search", { params: { query: { ...query(ask), page, pageSize } } })),
    enabled: searchable(ask),
    placeholderData: keepPreviousData,
  });
