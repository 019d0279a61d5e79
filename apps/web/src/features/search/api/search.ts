import type { TCategorizedSearchResponse, TSearchResponse } from "@formloom/core/api/search";
import { SEARCH_MIN_LENGTH, type SearchType } from "@formloom/core/search";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** What a search asks: the text, an optional day range (YYYY-MM-DD) and the types ticked (none means all). */
export interface SearchAsk {
  text: string;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  types?: readonly SearchType[] | undefined;
}

function params(ask: SearchAsk, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ request: ask.text.trim(), ...extra });
  if (ask.dateFrom) query.set("dateFrom", ask.dateFrom);
  if (ask.dateTo) query.set("dateTo", ask.dateTo);
  if (ask.types && ask.types.length > 0) query.set("types", ask.types.join(","));
  return query.toString();
}

/** A search runs only for text longer than 2 characters and a FROM day not after the TO day. */
export const searchable = (ask: SearchAsk) =>
  ask.text.trim().length >= SEARCH_MIN_LENGTH && !(ask.dateFrom && ask.dateTo && ask.dateFrom > ask.dateTo);

/** GET /search/categorized: each type's count and first hits. */
export const useCategorizedSearch = (ask: SearchAsk, enabled = true) =>
  useQuery({
    queryKey: ["search", "categorized", ask],
    queryFn: () => api<TCategorizedSearchResponse>("GET", `/search/categorized?${params(ask)}`),
    enabled: enabled && searchable(ask),
    placeholderData: keepPreviousData,
  });

/** GET /search: one page of one or more types' hits, best first. */
export const useSearchPage = (ask: SearchAsk, page: number, pageSize: number) =>
  useQuery({
    queryKey: ["search", "page", ask, page, pageSize],
    queryFn: () =>
      api<TSearchResponse>(
        "GET",
        `/search?${params(ask, { page: String(page), pageSize: String(pageSize) })}`,
      ),
    enabled: searchable(ask),
    placeholderData: keepPreviousData,
  });
