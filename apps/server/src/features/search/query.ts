import { MARK_END, MARK_START, type SearchType } from "@formloom/core/search";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { rowsOf } from "../../db/rows.ts";

/** The configurations a search text is read in: the form languages' and `simple` for the rest. */
const CONFIGS = ["english", "russian", "spanish", "italian", "simple"] as const;

/**
 * The search text as one tsquery: `websearch_to_tsquery` in every configuration (a document is
 * stemmed in its own language, the text's language is unknown), and for a text of one word (no
 * space, and one word to the parser: a name or an address being typed) that word's beginning, so "ali"
 * finds alice@example.com and "hugo.web" finds hugo.weber@example.com. An address stays one word:
 * split at its dots, "hugo.web" would also be "hugo" and any word beginning with "web" (webinar,
 * Weber). Words of a longer text are matched whole: a beginning of a common word ("refund:*") or
 * of a first name (the beginning of every address of an Alice) makes the index gather every
 * answer holding any word that begins so, 100,000 of a million, before the other words narrow
 * them (bench/results/search.md). A text with search syntax (quotes, -, or) is taken as written.
 */
export interface SearchQuery {
  /** The tsquery as text; empty when the text has no word to search. */
  query: string;
  /** Its part an index can use (`querytree`: without its NOTs), "T" when none. */
  indexable: string;
}

export async function toTsquery(db: Db, text: string): Promise<SearchQuery> {
  const parts = CONFIGS.map((config) => sql`websearch_to_tsquery(${config}::regconfig, ${text})`);
  const syntax = /["-]|\bor\b/i.test(text);
  if (!syntax && !/\s/.test(text) && /[\p{L}\p{N}]/u.test(text)) {
    // One word as the parser reads it: "refund,alice" has no space but two words, each of whose
    // beginnings would gather thousands of answers.
    const beginnings = sql`(select to_tsquery('simple', min(quote_literal(w.lexeme)) || ':*')
      from unnest(to_tsvector('simple', ${text})) w having count(*) = 1)`;
    parts.push(sql`coalesce(${beginnings}, websearch_to_tsquery('simple', ${text}))`);
  }
  // Languages without a stemmed form of the words read them alike: each distinct reading once, or
  // the index, the ranking and the excerpts weigh the same words five times over.
  // A word left out ("-xylophone") is read in every configuration too, and each reading is left
  // out of every reading of the rest: joined by "or" alone, the English "flamingo & !xylophon"
  // would be met by an answer that the simple "flamingo & !xylophone" lets through.
  // A dash inside a quoted phrase is part of the phrase: phrases not left out are set aside first.
  const unquoted = text.replace(/(^|[^-])"[^"]*"?/g, "$1 ");
  const excluded = syntax
    ? [...unquoted.matchAll(/(?:^|\s)-("[^"]*"|[^\s"]+)/g)].map((match) => match[1]!)
    : [];
  const negations =
    excluded.length === 0
      ? sql`null::tsquery`
      : sql`(select string_agg(distinct '!(' || n.part::text || ')', ' & ')::tsquery
          from unnest(array[${sql.join(
            excluded.flatMap((word) =>
              CONFIGS.map((config) => sql`websearch_to_tsquery(${config}::regconfig, ${word})`),
            ),
            sql`, `,
          )}]) n(part)
          where n.part::text <> '')`;
  const [row] = rowsOf<{ query: string | null; indexable: string | null }>(
    await db.execute(sql`
      select r.query::text as query, querytree(r.query) as indexable
      from (select case when n.part is null then q.part else q.part && n.part end as query
        from (select string_agg(distinct '(' || p.part::text || ')', ' | ')::tsquery as part
          from unnest(array[${sql.join(parts, sql`, `)}]) p(part)
          where p.part::text <> '') q,
        (select ${negations} as part) n) r`),
  );
  return { query: row?.query ?? "", indexable: row?.indexable ?? "T" };
}

/** What a reader may find: forms, answers (by form, and by field where only some are readable), users, pages. */
export interface SearchScope {
  accountId: number;
  types: ReadonlySet<SearchType>;
  from: Date;
  to: Date;
  /** Forms whose answers are all readable: "all" for every form of the account. */
  wholeForms: readonly number[] | "all";
  /** Forms of which only these fields' answers are readable. */
  someFields: Readonly<Record<number, readonly string[]>>;
  /** Whether unpublished custom pages are found too (their editors). */
  draftPages: boolean;
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

/** One SELECT per type the scope allows, each row a hit with what its excerpt is drawn from. */
function hitSelects(scope: SearchScope, query: string, indexable: string): SQL[] {
  const q = sql`${query}::tsquery`;
  const inRange = (column: SQL) =>
    sql`${column} between ${scope.from.toISOString()} and ${scope.to.toISOString()}`;
  const selects: SQL[] = [];
  if (scope.types.has("form")) {
    selects.push(sql`
      select 'form' as type, f.id::text as id, f.title, f.created_at, ts_rank(f.search_document, ${q}) as rank,
        f.id as form_id, f.alias as slug, search_config(f.settings ->> 'language') as config,
        f.title || ' ' || search_plain(f.settings ->> 'description') as source
      from forms f
      where f.account_id = ${scope.accountId} and f.search_document @@ ${q} and ${inRange(sql`f.created_at`)}`);
  }
  const limited = Object.keys(scope.someFields).map(Number);
  const whole =
    scope.wholeForms === "all" ? sql`true` : sql`s.form_id = any(${intArray(scope.wholeForms)}::int[])`;
  if (
    scope.types.has("form_answer") &&
    (scope.wholeForms === "all" || scope.wholeForms.length + limited.length > 0)
  ) {
    // A reader of selected fields is matched and ranked on those fields' text only, never on the
    // whole answer: an order set by a field they may not read would tell them what it says. The
    // whole answer's index narrows their rows by the query's indexable part alone (`querytree`:
    // without its NOTs), never by the query itself: "alice -bonus" would drop an answer for a
    // "bonus" in a field they may not read, and so tell them it is there.
    const fields = JSON.stringify(scope.someFields);
    const narrowed = indexable === "T" ? sql`true` : sql`s.document @@ ${indexable}::tsquery`;
    const readable = sql`(select coalesce(string_agg(t.value, ' '), '') from jsonb_each_text(s.texts) t
      where (${fields}::jsonb -> (s.form_id::text)) ? t.key)`;
    // The submission's number is looked up for the page of hits only (findHits): joined here, every
    // search read the account's whole answers index to find a few thousand hits' numbers.
    selects.push(sql`
      select 'form_answer', s.answer_id::text, f.title, s.submit_time,
        ts_rank(case when ${whole} then s.document
          else to_tsvector(s.language, ${readable}) end, ${q}),
        s.form_id, null::text, s.language,
        case when ${whole} then s.body else ${readable} end
      from answer_search s
      join forms f on f.account_id = s.account_id and f.id = s.form_id
      where s.account_id = ${scope.accountId} and ${inRange(sql`s.submit_time`)}
        and ((${whole} and s.document @@ ${q})
          or (s.form_id = any(${intArray(limited)}::int[]) and ${narrowed}
            and to_tsvector(s.language, ${readable}) @@ ${q}))`);
  }
  if (scope.types.has("user")) {
    selects.push(sql`
      select 'user', u.id::text, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username),
        u.created_at, ts_rank(u.search_document, ${q}), null::int, u.username, 'simple'::regconfig,
        u.username || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email
      from users u
      where u.account_id = ${scope.accountId} and u.search_document @@ ${q} and ${inRange(sql`u.created_at`)}`);
  }
  if (scope.types.has("custom_page")) {
    selects.push(sql`
      select 'custom_page', p.id::text, p.title, p.created_at, ts_rank(p.search_document, ${q}), null::int, p.alias,
        'simple'::regconfig, p.title || ' ' || search_plain(p.body)
      from custom_pages p
      where p.account_id = ${scope.accountId} and p.search_document @@ ${q} and ${inRange(sql`p.created_at`)}
        and (p.is_published or ${scope.draftPages})`);
  }
  if (scope.types.has("service")) {
    // The marketplace's catalogue is the instance's, small and the same for everyone: no dates, no index.
    selects.push(sql`
      select 'service', s.id, s.title, now(), ts_rank(to_tsvector('simple', s.title || ' ' || s.description), ${q}),
        null::int, s.id, 'simple'::regconfig, s.title || ' ' || s.description
      from services s
      where to_tsvector('simple', s.title || ' ' || s.description) @@ ${q}`);
  }
  return selects;
}

export interface HitRow {
  type: SearchType;
  id: string;
  title: string;
  created_at: string;
  form_id: number | null;
  slug: string | null;
  excerpt: string;
  total: number;
}

/** Unusual characters that mark a match in `ts_headline`, replaced by MARK_START/END once the text is plain. */
const OPEN = "\u2983";
const CLOSE = "\u2984";
const HEADLINE = `StartSel="${OPEN}", StopSel="${CLOSE}", MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The best hits by rank (newest first among equals): one page of them, or the first `perType` of
 * each type. Excerpts are drawn only for the rows returned; `total` counts all hits (of the type).
 */
export async function findHits(
  db: Db,
  scope: SearchScope,
  { query, indexable }: SearchQuery,
  page: { limit: number; offset: number } | { perType: number },
): Promise<HitRow[]> {
  if (query === "") return [];
  const selects = hitSelects(scope, query, indexable);
  if (selects.length === 0) return [];
  const hits = sql.join(selects, sql` union all `);
  const q = sql`${query}::tsquery`;
  const chosen =
    "perType" in page
      ? sql`select *, count(*) over (partition by type) as total,
          row_number() over (partition by type order by rank desc, created_at desc, id) as place
          from hits`
      : sql`select *, count(*) over () as total, 0 as place from hits`;
  const window =
    "perType" in page
      ? sql`select * from chosen where place <= ${page.perType}`
      : sql`select * from chosen order by rank desc, created_at desc, id limit ${page.limit} offset ${page.offset}`;
  // Excerpts are drawn in the outer query, for the chosen rows only. The planner cannot tell a rare
  // word's share of a million answers (it guesses thousands of rows), and past that cost PostgreSQL
  // compiles the statement with JIT: 250 ms of compiling for a 2 ms search (bench/results/search.md).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<HitRow & { excerpt: string | null }>(
      await tx.execute(sql`
        with hits (type, id, title, created_at, rank, form_id, slug, config, source) as (${hits}),
          chosen as (${chosen})
        select page.type, page.id,
          case when page.type = 'form_answer' then page.title || ' #' || coalesce(fa.number::text, page.id)
            else page.title end as title,
          ${iso(sql`page.created_at`)} as created_at, page.form_id,
          case when page.type = 'form_answer' then coalesce(fa.number::text, page.id) else page.slug end as slug,
          page.total::int as total,
          ts_headline(page.config, left(page.source, 20000), ${q}, ${HEADLINE}) as excerpt
        from (${window}) page
        left join form_answers fa on fa.account_id = ${scope.accountId}
          and fa.id = case when page.type = 'form_answer' then page.id::int end
        order by page.place, page.rank desc, page.created_at desc, page.id`),
    );
  });
  return rows.map((row) => ({ ...row, total: Number(row.total), excerpt: marked(row.excerpt ?? "") }));
}

function marked(headline: string): string {
  return headline
    .replaceAll(MARK_START, "")
    .replaceAll(MARK_END, "")
    .replaceAll(OPEN, MARK_START)
    .replaceAll(CLOSE, MARK_END);
}
