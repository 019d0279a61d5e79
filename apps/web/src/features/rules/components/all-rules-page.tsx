import type { TAccountRule } from "@formloom/core/api/rules";
import { Badge, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useAccountRules } from "../api/rules.ts";

/** /form-rules/all: every rule of every form of the account. */
export function AllRulesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data, isPending, error } = useAccountRules();
  const summary = (row: TAccountRule) => {
    const conditions = countConditions(row.rule.if);
    return t("Conditions: {{conditions}}, actions: {{actions}}", {
      conditions,
      actions: row.rule.then.length + row.rule.else.length,
    });
  };
  return (
    <Stack gap="md">
      <PageHeader
        title={t("Rules of all forms")}
        description={t("Every rule of every form in the account.")}
      />
      <ListTable
        rows={data?.rules}
        isPending={isPending}
        error={error}
        empty={t("No form has rules yet.")}
        rowKey={(row) => `${row.formId}:${row.rule.id}`}
        columns={[
          {
            title: t("Name"),
            wrap: "anywhere",
            cell: (row) =>
              can("forms.edit") ? (
                <AnchorLink to="/forms/$id/rules/$rule/edit" params={{ id: row.formId, rule: row.rule.id }}>
                  {row.rule.name}
                </AnchorLink>
              ) : (
                <Text>{row.rule.name}</Text>
              ),
          },
          {
            title: t("Form"),
            wrap: "anywhere",
            cell: (row) => (
              <AnchorLink to="/forms/$id/rules" params={{ id: row.formId }}>
                {row.formTitle || t("Untitled form")}
              </AnchorLink>
            ),
          },
          {
            title: t("Content"),
            visibleFrom: "sm",
            cell: (row) => <Text size="sm">{summary(row)}</Text>,
          },
          {
            title: t("State"),
            width: 110,
            cell: (row) => (
              <Badge color={row.rule.enabled ? "green" : "gray"} variant="light">
                {row.rule.enabled ? t("Enabled") : t("Disabled")}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}

function countConditions(condition: TAccountRule["rule"]["if"]): number {
  return condition.conditions.reduce(
    (sum, inner) => sum + (inner.kind === "group" ? countConditions(inner) : 1),
    0,
  );
}
