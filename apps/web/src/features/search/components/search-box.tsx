import { SEARCH_DEBOUNCE_MS } from "@formloom/core/search";
import { ActionIcon, Modal, Popover, ScrollArea, Stack, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useCategorizedSearch } from "../api/search.ts";
import { HitGroup } from "./search-hits.tsx";

/** platform.md §9: the box collapses to an icon at 550 px or less. */
const NARROW = "(max-width: 550px)";
const NO_ACCOUNT = msg("You cannot use search while you do not have an account!");

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
      <Tooltip label={t(NO_ACCOUNT)} withArrow>
        <span>
          {narrow ? (
            <ActionIcon variant="subtle" disabled aria-label={t(NO_ACCOUNT)}>
              <IconSearch size={18} />
            </ActionIcon>
          ) : (
            <TextInput
              disabled
              aria-label={t(NO_ACCOUNT)}
              placeholder={t("Search")}
              leftSection={<IconSearch size={16} />}
              w={220}
            />
          )}
        </span>
      </Tooltip>
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
      <Modal opened={expanded} onClose={() => setExpanded(false)} title={t("Search")} fullScreen>
        <SearchField inline onDone={() => setExpanded(false)} />
      </Modal>
    </>
  );
}

function SearchField({ width, inline, onDone }: { width?: number; inline?: boolean; onDone?: () => void }) {
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
  const panel = (
    <Stack gap="md">
      {categories.map((category) => (
        <HitGroup
          key={category.type}
          type={category.type}
          count={category.count}
          hits={category.results}
          onOpen={done}
        />
      ))}
      <AnchorLink to="/search/all" search={{ q: debounced.trim() }} size="sm" onClick={done}>
        {t("Show all results")}
      </AnchorLink>
    </Stack>
  );
  if (inline) {
    return (
      <Stack>
        {field}
        {show && panel}
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
    >
      <Popover.Target>{field}</Popover.Target>
      <Popover.Dropdown aria-label={t("Search results")}>
        <ScrollArea.Autosize mah="70vh">{panel}</ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
