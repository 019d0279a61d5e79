import type { DataAccessLevel } from "@formloom/core/permissions";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";

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
