import {
  ZCategorizedSearchQuery,
  ZCategorizedSearchResponse,
  ZSearchBody,
  ZSearchQuery,
  ZSearchResponse,
} from "@formloom/core/api/search";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { search, searchCategorized } from "./service.ts";

/** A member of an account searches it; someone without one is told why they cannot. */
async function searcher(deps: Deps, request: FastifyRequest) {
  const { user } = await requireUser(deps, request);
  if (!user.accountId) throw forbidden("search.account_required");
  return requireTenant(deps, request, "account.view");
}

const FOUND =
  "Forms, answers (only of the fields the caller may read), users, custom pages and marketplace services " +
  "matching the text, best first. Text longer than 2 characters; dates default to 2018-01-01 and now; " +
  "no type means all. A text without spaces (a name or an e-mail address being typed) also matches words " +
  "beginning with it; the words of a longer text match whole, in each language's forms. Each excerpt marks " +
  "its matches with <mark> and </mark> around plain text.";

/** The calls of forms.md §7 and platform.md §7 "Search". */
export function searchRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["search"];

  r.get(
    "/search",
    { schema: { tags, description: FOUND, querystring: ZSearchQuery, response: { 200: ZSearchResponse } } },
    async (request) => {
      const { request: text, dateFrom, dateTo, types, page, pageSize } = request.query;
      return search(
        await searcher(deps, request),
        { text, from: dateFrom, to: dateTo, types },
        { page, pageSize },
      );
    },
  );

  r.get(
    "/search/categorized",
    {
      schema: {
        tags,
        description: `${FOUND} Grouped by type: each group's count and its first five.`,
        querystring: ZCategorizedSearchQuery,
        response: { 200: ZCategorizedSearchResponse },
      },
    },
    async (request) => {
      const { request: text, dateFrom, dateTo, types } = request.query;
      return searchCategorized(await searcher(deps, request), { text, from: dateFrom, to: dateTo, types });
    },
  );

  r.post(
    "/search",
    {
      schema: {
        tags,
        description: `The variant that sends a body (searchWord, startDate, endDate, types, page, pageSize). ${FOUND}`,
        body: ZSearchBody,
        response: { 200: ZSearchResponse },
      },
    },
    async (request) => {
      const { searchWord, startDate, endDate, types, page, pageSize } = request.body;
      return search(
        await searcher(deps, request),
        { text: searchWord, from: startDate, to: endDate, types },
        { page, pageSize },
        { text: "searchWord", from: "startDate" },
      );
    },
  );
}
