import { SEARCH_DEBOUNCE_MS } from "@formloom/core/search";
import { ActionIcon, Popover, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { useCategorizedSearch } from "../api/search.ts";

// What the top bar shows only once asked: the found items, the phone's full-screen search and
// the no-account notice download then, so every page's first load stays light.
const SearchPanel = lazy(() => import("./search-panel.tsx"));
const SearchDialog = lazy(() => import("./search-dialog.tsx"));
const NoAccountSearch = lazy(() => import("./no-account-search.tsx"));

/** platform.md §9: the box collapses to an icon at 550 px or less. */
const NARROW = "(max-width: 550px)";
export const NO_ACCOUNT = msg("You cannot use search while you do not have an account!");

/**
 * The top bar's search: runs 500 ms after the last key for more than 2 characters, shows its
 * panel only when something is found, and opens all results with Enter. Without an account it
 * is disabled and says why.
 */
export function SearchBox({ hasAccount }: { hasAccount: boolean }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW) ?? false;
  const [expanded, setExpanded] = useState(false);
  if (!hasAccount) {
    return (
      <Suspense fallback={null}>
        <NoAccountSearch narrow={narrow} />
      </Suspense>
    );
  }
  if (!narrow) return <SearchField width={260} />;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t("Search")}
        data-tour="search"
        onClick={() => setExpanded(true)}
      >
        <IconSearch size={20} />
      </ActionIcon>
      {expanded && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setExpanded(false)} />
        </Suspense>
      )}
    </>
  );
}

export function SearchField({
  width,
  inline,
  onDone,
}: {
  width?: number;
  inline?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [closed, setClosed] = useState(false);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const found = useCategorizedSearch({ text: debounced });
  const categories = debounced.trim() === text.trim() || found.data ? (found.data?.categories ?? []) : [];
  const show = !closed && categories.length > 0 && debounced.trim().length > 0;
  const done = () => {
    setClosed(true);
    onDone?.();
  };
  const openAll = () => {
    if (text.trim().length < 3) return;
    done();
    void navigate({ to: "/search/all", search: { q: text.trim() } });
  };
  const field = (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setClosed(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") openAll();
        if (event.key === "Escape") setClosed(true);
      }}
      placeholder={t("Search forms, answers, users, pages")}
      aria-label={t("Search")}
      leftSection={<IconSearch size={16} />}
      w={width}
      data-tour={inline ? undefined : "search"}
      data-autofocus={inline || undefined}
    />
  );
  const panel = show && (
    <Suspense fallback={null}>
      <SearchPanel categories={categories} text={debounced.trim()} onOpen={done} scroll={!inline} />
    </Suspense>
  );
  if (inline) {
    return (
      <Stack>
        {field}
        {panel}
      </Stack>
    );
  }
  return (
    <Popover
      opened={show}
      onChange={(opened) => !opened && setClosed(true)}
      position="bottom-end"
      width={420}
      withinPortal
      shadow="md"
      // A search box may not say it is expanded (only a combobox may): the results are a panel of
      // links below it, reached by Tab, not options of the box.
      withRoles={false}
    >
      <Popover.Target>{field}</Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t("Search results")}>
        {panel}
      </Popover.Dropdown>
    </Popover>
  );
}
