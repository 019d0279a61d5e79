import type { DataAccessLevel } from "@formloom/core/permissions";
import { Badge, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ListColumn } from "../../../components/list-table.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";

export const LEVEL_LABELS: Record<DataAccessLevel, string> = {
  none: msg("No access"),
  all: msg("Whole form"),
  fields: msg("Selected fields"),
};

const LEVEL_COLORS: Record<DataAccessLevel, string> = { none: "gray", all: "green", fields: "blue" };

/** A group's access to a form's answers, as a badge; selected fields show how many. */
export function AccessBadge({ level, fieldCount }: { level: DataAccessLevel; fieldCount: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={LEVEL_COLORS[level]}>
      {level === "fields" ? t("{{count}} selected fields", { count: fieldCount }) : t(LEVEL_LABELS[level])}
    </Badge>
  );
}

/** The access column of a list of group–form pairs; on phones the badge goes under the name. */
export function accessColumn<Row extends { level: DataAccessLevel; fieldIds: unknown[] }>(
  title: string,
): ListColumn<Row> {
  return {
    title,
    cell: (item) => <AccessBadge level={item.level} fieldCount={item.fieldIds.length} />,
    visibleFrom: "sm",
    underFirstWhenHidden: true,
  };
}

/** What a list of groups' access says when there are no groups, with the way to make one. */
export function NoGroups() {
  const { t } = useTranslation();
  return (
    <Stack align="center" p="xl" gap="xs">
      <Text c="dimmed">{t("There are no groups yet.")}</Text>
      <AnchorLink to="/groups/new">{t("Add group")}</AnchorLink>
    </Stack>
  );
}
