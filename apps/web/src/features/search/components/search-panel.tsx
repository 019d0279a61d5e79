import type { TCategorizedSearchResponse } from "@formloom/core/api/search";
import { ScrollArea, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { HitGroup } from "./search-hits.tsx";

/** What the top bar's search found, by kind, with the way to all results for `text`. */
export default function SearchPanel({
  categories,
  text,
  onOpen,
  scroll,
}: {
  categories: TCategorizedSearchResponse["categories"];
  text: string;
  onOpen: () => void;
  /** In the top bar's pop-over the list scrolls within 70 % of the window's height. */
  scroll: boolean;
}) {
  const { t } = useTranslation();
  const panel = (
    <Stack gap="md">
      {categories.map((category) => (
        <HitGroup
          key={category.type}
          type={category.type}
          count={category.count}
          hits={category.results}
          onOpen={onOpen}
        />
      ))}
      <AnchorLink to="/search/all" search={{ q: text }} size="sm" onClick={onOpen}>
        {t("Show all results")}
      </AnchorLink>
    </Stack>
  );
  return scroll ? <ScrollArea.Autosize mah="70vh">{panel}</ScrollArea.Autosize> : panel;
}
