import { z } from "zod";
import { SEARCH_PAGE_SIZE, SEARCH_TYPES, type SearchType } from "../search.ts";
import { isDay } from "./days.ts";

const ZDay = z
  .string()
  .trim()
  .refine((value) => value === "" || isDay(value), "search.date.invalid")
  .optional();

/** `types` as a list, a repeated query parameter or one comma-separated text; none means all. */
const ZTypes = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value),
    z.array(z.string().trim()).max(SEARCH_TYPES.length * 2),
  )
  .refine(
    (list) => list.every((item) => (SEARCH_TYPES as readonly string[]).includes(item)),
    "search.type.invalid",
  )
  .transform((list) => list as SearchType[])
  .optional();

const ZPage = z.coerce.number().int().min(1).max(10000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE);
const ZText = z.string().trim().max(200);

export const ZSearchQuery = z.object({
  request: ZText,
  dateFrom: ZDay,
  dateTo: ZDay,
  types: ZTypes,
  page: ZPage,
  pageSize: ZPageSize,
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZCategorizedSearchQuery = ZSearchQuery.omit({ page: true, pageSize: true });

/** The variant of platform.md §7 "Search" that sends a body (POST /api/search). */
export const ZSearchBody = z.object({
  searchWord: ZText,
  startDate: ZDay,
  endDate: ZDay,
  types: ZTypes,
  page: ZPage,
  pageSize: ZPageSize,
});

export const ZSearchResult = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  createdAt: z.string(),
  /** Plain text with each match between MARK_START and MARK_END. */
  excerpt: z
    .string()
    .describe(
      "Plain text as people wrote it, each match between <mark> and </mark>. Not HTML: escape it, then turn the marks back, before putting it in a page.",
    ),
  type: z.enum(SEARCH_TYPES),
  /**
   * `form_id`: the form of a form or an answer. `slug`: a form's or a page's alias, an answer's number
   * within its form (results_view names it so), a user's username, a service's id.
   */
  data: z.object({ form_id: z.number().nullable(), slug: z.string().nullable() }),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchResponse = z.object({ count: z.number(), results: z.array(ZSearchResult) });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const ZCategorizedSearchResponse = z.object({
  count: z.number(),
  categories: z.array(
    z.object({ type: z.enum(SEARCH_TYPES), count: z.number(), results: z.array(ZSearchResult) }),
  ),
});
export type TCategorizedSearchResponse = z.infer<typeof ZCategorizedSearchResponse>;
