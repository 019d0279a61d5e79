import type { TCategorizedSearchResponse, TSearchResponse, TSearchResult } from "@formloom/core/api/search";
import {
  SEARCH_DEFAULT_START,
  SEARCH_MIN_LENGTH,
  SEARCH_TYPES,
  type SearchType,
} from "@formloom/core/search";
import { eq } from "drizzle-orm";
import { forms } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { invalidField } from "../../http/errors.ts";
import { answerAccessByForm, can, readsEveryAnswer } from "../../http/policy.ts";
import { instant, zoneOf } from "../statistics/scope.ts";
import { indexNewAnswers } from "./answer-index.ts";
import { findHits, type HitRow, type SearchScope, toTsquery } from "./query.ts";

/** One search as both call styles ask it (GET's request/dateFrom/dateTo, the body's searchWord/startDate/endDate). */
export interface SearchAsked {
  text: string;
  from?: string | undefined;
  to?: string | undefined;
  types?: readonly SearchType[] | undefined;
}

interface SearchInput {
  text: string;
  from: Date;
  to: Date;
  types: ReadonlySet<SearchType>;
}

/** A day given without a time ends at that day's end, so "to today" includes today. */
/**
 * forms.md §5 "Search": more than 2 characters, FROM not after TO, 2018-01-01 to now by default, no
 * type means all. A day is the searcher's: from its start in their time zone to its last moment.
 */
function checked(
  ctx: TenantContext,
  asked: SearchAsked,
  fields: { text: string; from: string },
): SearchInput {
  const text = asked.text.trim();
  if (text.length < SEARCH_MIN_LENGTH) throw invalidField("search.too_short", fields.text);
  const zone = zoneOf(ctx, undefined);
  const from = instant(asked.from || SEARCH_DEFAULT_START, zone, false);
  const to = asked.to ? new Date(instant(asked.to, zone, true).getTime() - 1) : new Date();
  if (from.getTime() > to.getTime()) throw invalidField("search.dates", fields.from);
  const types = new Set(asked.types && asked.types.length > 0 ? asked.types : SEARCH_TYPES);
  return { text, from, to, types };
}

/**
 * What this reader may find, from the same policy the results pages ask: forms if they may view
 * forms, answers of each form as `answerAccessByForm` allows (whole or selected fields), users if
 * they may view users, pages (drafts only for admins), and the marketplace's services.
 */
async function scopeOf(ctx: TenantContext, input: SearchInput): Promise<SearchScope> {
  const types = new Set(input.types);
  const [viewForms, viewResults, viewUsers] = await Promise.all([
    can(ctx, "forms.view"),
    can(ctx, "results.view"),
    can(ctx, "users.view"),
  ]);
  if (!viewForms) types.delete("form");
  if (!viewUsers) types.delete("user");
  let wholeForms: number[] | "all" = [];
  const someFields: Record<number, string[]> = {};
  if (viewResults && types.has("form_answer")) {
    // A reader of every form's answers (the policy says who): the account's forms need not be
    // listed, and read, on each search.
    if (readsEveryAnswer(ctx)) wholeForms = "all";
    else {
      const accountForms = await ctx.db
        .select({ id: forms.id, creatorId: forms.creatorId })
        .from(forms)
        .where(eq(forms.accountId, ctx.accountId));
      for (const [formId, access] of await answerAccessByForm(ctx, accountForms)) {
        if (access.level === "all") wholeForms.push(formId);
        else if (access.level === "fields") someFields[formId] = [...access.fieldIds];
      }
    }
    await indexNewAnswers(ctx.db, ctx.accountId);
  }
  return {
    accountId: ctx.accountId,
    types,
    from: input.from,
    to: input.to,
    wholeForms,
    someFields,
    draftPages: ctx.user.isAccountAdmin,
  };
}

function present(row: HitRow): TSearchResult {
  return {
    id: row.type === "service" ? row.id : Number(row.id),
    title: row.title,
    createdAt: row.created_at,
    excerpt: row.excerpt,
    type: row.type,
    data: { form_id: row.form_id, slug: row.slug },
  };
}

export async function search(
  ctx: TenantContext,
  asked: SearchAsked,
  paging: { page: number; pageSize: number },
  fields = { text: "request", from: "dateFrom" },
): Promise<TSearchResponse> {
  const input = checked(ctx, asked, fields);
  // The text's query needs nothing of the account: it is built while the scope is read.
  const [scope, query] = await Promise.all([scopeOf(ctx, input), toTsquery(ctx.db, input.text)]);
  const offset = (paging.page - 1) * paging.pageSize;
  const rows = await findHits(ctx.db, scope, query, { limit: paging.pageSize, offset });
  // Each hit carries the total; past the last page there is none, so the first hit is read for it.
  const total =
    rows[0]?.total ??
    (offset > 0 ? ((await findHits(ctx.db, scope, query, { limit: 1, offset: 0 }))[0]?.total ?? 0) : 0);
  return { count: total, results: rows.map(present) };
}

/** How many hits each type has, with its first few, in the order of forms.md §2's groups. */
export async function searchCategorized(
  ctx: TenantContext,
  asked: SearchAsked,
): Promise<TCategorizedSearchResponse> {
  const input = checked(ctx, asked, { text: "request", from: "dateFrom" });
  const [scope, query] = await Promise.all([scopeOf(ctx, input), toTsquery(ctx.db, input.text)]);
  const rows = await findHits(ctx.db, scope, query, { perType: CATEGORY_SIZE });
  const categories = SEARCH_TYPES.flatMap((type) => {
    const own = rows.filter((row) => row.type === type);
    return own.length === 0 ? [] : [{ type, count: own[0]?.total ?? 0, results: own.map(present) }];
  });
  return { count: categories.reduce((sum, category) => sum + category.count, 0), categories };
}

/** Hits shown per group in the categorized answer (the top bar's panel and /search/all). */
const CATEGORY_SIZE = 5;
