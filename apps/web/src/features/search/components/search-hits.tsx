import type { TSearchResult } from "@formloom/core/api/search";
import { excerptPieces, type SearchType } from "@formloom/core/search";
import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";

/** forms.md §2: the groups of the global search and where each kind of hit leads. */
export const GROUP_TITLES: Record<SearchType, string> = {
  form: msg("Results in Forms"),
  form_answer: msg("Results in Answers"),
  user: msg("Results in Users"),
  custom_page: msg("Results in Pages"),
  service: msg("Marketplace Services"),
};

export const TYPE_LABELS: Record<SearchType, string> = {
  form: msg("Forms"),
  form_answer: msg("Answers"),
  user: msg("Users"),
  custom_page: msg("Pages"),
  service: msg("Services"),
};

/** The excerpt with its matches in <mark>, built as elements: no HTML from the server is ever parsed. */
export function Excerpt({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={3}>
      {excerptPieces(text).map((piece, index) =>
        piece.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces never move.
          <mark key={index}>{piece.text}</mark>
        ) : (
          piece.text
        ),
      )}
    </Text>
  );
}

/** A hit's title as a link to its page: overview, results_view, View_user_in_account, /page/{alias}, the marketplace. */
export function HitLink({ hit, onOpen }: { hit: TSearchResult; onOpen?: (() => void) | undefined }) {
  const formId = hit.data.form_id ?? 0;
  const common = { fw: 600, size: "sm", onClick: onOpen } as const;
  switch (hit.type) {
    case "form":
      return (
        <AnchorLink to="/forms/$id/overview" params={{ id: formId }} {...common}>
          {hit.title}
        </AnchorLink>
      );
    case "form_answer":
      return (
        <AnchorLink
          to="/forms/$id/results/$resId"
          params={{ id: formId, resId: Number(hit.data.slug) }}
          {...common}
        >
          {hit.title}
        </AnchorLink>
      );
    case "user":
      return (
        <AnchorLink to="/users/$id/view" params={{ id: Number(hit.id) }} {...common}>
          {hit.title}
        </AnchorLink>
      );
    case "custom_page":
      return (
        <AnchorLink to="/page/$alias" params={{ alias: hit.data.slug ?? "" }} {...common}>
          {hit.title}
        </AnchorLink>
      );
    default:
      return (
        <Anchor href="/marketplace/services" {...common}>
          {hit.title}
        </Anchor>
      );
  }
}

export function HitItem({ hit, onOpen }: { hit: TSearchResult; onOpen?: (() => void) | undefined }) {
  return (
    <Stack gap={2} component="li" style={{ listStyle: "none" }}>
      <HitLink hit={hit} onOpen={onOpen} />
      <Excerpt text={hit.excerpt} />
    </Stack>
  );
}

/** One group: its title, count, hits and, when given, a link to all of its hits. */
export function HitGroup({
  type,
  count,
  hits,
  more,
  onOpen,
}: {
  type: SearchType;
  count: number;
  hits: readonly TSearchResult[];
  more?: React.ReactNode;
  onOpen?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-label={t(GROUP_TITLES[type])}>
      <Group gap="xs">
        <Title order={3} size="h5">
          {t(GROUP_TITLES[type])}
        </Title>
        <Badge variant="light" size="sm">
          {count}
        </Badge>
      </Group>
      <Stack gap="sm" component="ul" p={0} m={0}>
        {hits.map((hit) => (
          <HitItem key={`${hit.type}-${hit.id}`} hit={hit} onOpen={onOpen} />
        ))}
      </Stack>
      {more}
    </Stack>
  );
}
