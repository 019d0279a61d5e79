import { SEARCH_DEFAULT_START, SEARCH_PAGE_SIZE, SEARCH_TYPES, type SearchType } from "@formloom/core/search";
import {
  Alert,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useUser } from "../../auth/api/get-user.ts";
import { type SearchAsk, searchable, useCategorizedSearch, useSearchPage } from "../api/search.ts";
import { GROUP_TITLES, HitGroup, HitItem, TYPE_LABELS } from "./search-hits.tsx";

/** Today in the searcher's time zone, the one the server reads the range's days in. */
const today = (zone: string | undefined) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone || "UTC" }).format(new Date());

/** The text, the day range and (on /search/all) the types: the filters of forms.md §5 "Search". */
function useFilters(initial: string) {
  const zone = useUser().data?.timezone;
  const [text, setText] = useState(initial);
  const [dateFrom, setDateFrom] = useState(SEARCH_DEFAULT_START);
  const [dateTo, setDateTo] = useState(() => today(zone));
  const [types, setTypes] = useState<SearchType[]>([]);
  const [debounced] = useDebouncedValue(text, 500);
  const ask: SearchAsk = { text: debounced, dateFrom, dateTo, types };
  return { text, setText, dateFrom, setDateFrom, dateTo, setDateTo, types, setTypes, ask, zone };
}

function Filters({ filters, withTypes }: { filters: ReturnType<typeof useFilters>; withTypes: boolean }) {
  const { t } = useTranslation();
  const wrongDates = filters.dateFrom > filters.dateTo;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <TextInput
          type="search"
          label={t("Search")}
          value={filters.text}
          onChange={(event) => filters.setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          description={t("More than 2 characters")}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t("From")}
            value={filters.dateFrom}
            // A cleared day goes back to its default: 2018-01-01 and today.
            onChange={(event) => filters.setDateFrom(event.currentTarget.value || SEARCH_DEFAULT_START)}
            error={wrongDates}
          />
          <TextInput
            type="date"
            label={t("To")}
            value={filters.dateTo}
            onChange={(event) => filters.setDateTo(event.currentTarget.value || today(filters.zone))}
            error={wrongDates}
          />
        </Group>
        {wrongDates && (
          <Alert color="red" role="alert">
            {t("codes.search.dates")}
          </Alert>
        )}
        {withTypes && (
          <Checkbox.Group
            label={t("Look in")}
            description={t("None ticked means everything")}
            value={filters.types}
            onChange={(value) => filters.setTypes(value as SearchType[])}
          >
            <Group gap="md" mt={4}>
              {SEARCH_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(TYPE_LABELS[type])} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      </Stack>
    </Paper>
  );
}

function Nothing({ ask, loading }: { ask: SearchAsk; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" />;
  if (!searchable(ask)) return null;
  return <Text c="dimmed">{t("Nothing was found.")}</Text>;
}

/** /search/all?q=: each group's first hits, with a link to all of a group's. */
function SearchAll({ q }: { q: string }) {
  const { t } = useTranslation();
  const filters = useFilters(q);
  const found = useCategorizedSearch(filters.ask);
  const categories = searchable(filters.ask) ? (found.data?.categories ?? []) : [];
  return (
    <Stack maw={900}>
      <Title order={2}>{t("Search")}</Title>
      <Filters filters={filters} withTypes />
      {categories.length === 0 ? (
        <Nothing ask={filters.ask} loading={found.isFetching} />
      ) : (
        categories.map((category) => (
          <Paper key={category.type} withBorder p="md">
            <HitGroup
              type={category.type}
              count={category.count}
              hits={category.results}
              more={
                category.count > category.results.length && (
                  <AnchorLink
                    to="/search/$category/$search_phrase"
                    params={{ category: category.type, search_phrase: filters.ask.text.trim() }}
                    size="sm"
                  >
                    {t("All {{count}} results", { count: category.count })}
                  </AnchorLink>
                )
              }
            />
          </Paper>
        ))
      )}
    </Stack>
  );
}

/** /search/:category/:search_phrase: one type's hits, a page at a time. */
function SearchCategory({ category, phrase }: { category: SearchType; phrase: string }) {
  const { t } = useTranslation();
  const filters = useFilters(phrase);
  const [page, setPage] = useState(1);
  const ask = { ...filters.ask, types: [category] };
  const found = useSearchPage(ask, page, SEARCH_PAGE_SIZE);
  const results = searchable(ask) ? (found.data?.results ?? []) : [];
  const pages = Math.ceil((found.data?.count ?? 0) / SEARCH_PAGE_SIZE);
  return (
    <Stack maw={900}>
      <Title order={2}>{t(GROUP_TITLES[category])}</Title>
      <AnchorLink to="/search/all" search={{ q: filters.ask.text.trim() }} size="sm">
        {t("Results of every kind")}
      </AnchorLink>
      <Filters filters={filters} withTypes={false} />
      {results.length === 0 ? (
        <Nothing ask={ask} loading={found.isFetching} />
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm" component="ul" p={0} m={0}>
            {results.map((hit) => (
              <HitItem key={`${hit.type}-${hit.id}`} hit={hit} />
            ))}
          </Stack>
        </Paper>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

const allRoute = getRouteApi("/layout/account/search/all");
const categoryRoute = getRouteApi("/layout/account/search/$category/$search_phrase");

/** A new text from the top bar starts the page afresh. */
export function SearchAllPage() {
  const q = (allRoute.useSearch().q ?? "").trim();
  return <SearchAll key={q} q={q} />;
}

export function SearchCategoryPage() {
  const { category, search_phrase } = categoryRoute.useParams();
  return <SearchCategory key={`${category}/${search_phrase}`} category={category} phrase={search_phrase} />;
}
