import type { TElement } from "@formloom/core/element-schema";
import type { TRule } from "@formloom/core/rule-schema";
import { Alert, Group, Loader, SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { Component, lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import i18n, { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useForm } from "../../forms/api/get-form.ts";
import { useActionTargets, useSaveRules } from "../api/rules.ts";
import { actionText, conditionText } from "../rule-text.ts";

const RulesDiagram = lazy(() => import("./rules-diagram.tsx"));

const formRoute = getRouteApi("/layout/account/forms/$id");

/** forms.md §8: what the diagram says when it cannot be drawn. */
const DIAGRAM_ERROR = msg("Some error occured during creating the diagram");

class DiagramBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <Alert color="red" role="alert">
          {i18n.t(DIAGRAM_ERROR)}
        </Alert>
      );
    }
    return this.props.children;
  }
}

/** :id/rules: the form's rules as a table and as a diagram of conditions leading to actions. */
export function RulesPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { data, isPending, error } = useForm(id);
  const save = useSaveRules(id);
  const [view, setView] = useState<"table" | "diagram">("table");
  const editable = can("forms.edit");
  const rules = data?.form.conditionalRules;
  const fields: TElement[] = data?.fields ?? [];
  const targets = useActionTargets(id);

  const write = (next: TRule[], done: string) => {
    if (!data) return;
    save.mutate(
      { rules: next, lastChangeDate: data.form.lastChangeDate },
      { onSuccess: () => notifySuccess(done), onError: notifyError },
    );
  };
  const toggle = (rule: TRule, enabled: boolean) =>
    write(
      (rules ?? []).map((r) => (r.id === rule.id ? { ...r, enabled } : r)),
      enabled ? msg("Rule enabled") : msg("Rule disabled"),
    );
  const remove = (rule: TRule) =>
    confirmDanger({
      title: t("Delete the rule?"),
      message: t("“{{name}}” stops acting on the form at once.", { name: rule.name }),
      onConfirm: () =>
        write(
          (rules ?? []).filter((r) => r.id !== rule.id),
          msg("Deleted"),
        ),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("Rules")}
        description={t("Rules show, hide, fill in or jump to fields as respondents answer.")}
        actions={
          editable && (
            <ButtonLink to="/forms/$id/rules/add" params={{ id }} leftSection={<IconPlus size={16} />}>
              {t("Add rule")}
            </ButtonLink>
          )
        }
      />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t("View")}
          value={view}
          onChange={(value) => setView(value as "table" | "diagram")}
          data={[
            { value: "table", label: t("Table") },
            { value: "diagram", label: t("Diagram") },
          ]}
        />
        <AnchorLink to="/form-rules/all" size="sm">
          {t("Rules of all forms")}
        </AnchorLink>
      </Group>
      {view === "table" ? (
        <ListTable
          rows={rules}
          isPending={isPending}
          error={error}
          empty={t("This form has no rules yet.")}
          rowKey={(rule) => rule.id}
          columns={[
            {
              title: t("Name"),
              wrap: "anywhere",
              cell: (rule) => <Text fw={500}>{rule.name}</Text>,
            },
            {
              title: t("Conditions"),
              visibleFrom: "sm",
              underFirstWhenHidden: true,
              wrap: "anywhere",
              cell: (rule) => (
                <Text size="sm">
                  {t("If")} {conditionText(rule.if, fields, t)}
                </Text>
              ),
            },
            {
              title: t("Actions"),
              visibleFrom: "sm",
              underFirstWhenHidden: true,
              wrap: "anywhere",
              cell: (rule) => (
                <Text size="sm">
                  {rule.then.map((action) => actionText(action, fields, t, targets)).join("; ")}
                  {rule.else.length > 0 &&
                    ` · ${t("Otherwise")}: ${rule.else.map((action) => actionText(action, fields, t, targets)).join("; ")}`}
                </Text>
              ),
            },
            {
              title: t("Enabled"),
              width: 90,
              cell: (rule) => (
                <Switch
                  aria-label={t("Enable {{name}}", { name: rule.name })}
                  checked={rule.enabled}
                  disabled={!editable || save.isPending}
                  onChange={(event) => toggle(rule, event.currentTarget.checked)}
                />
              ),
            },
            editable && {
              width: 80,
              cell: (rule) => (
                <EditDeleteActions
                  name={rule.name}
                  onEdit={() =>
                    void navigate({ to: "/forms/$id/rules/$rule/edit", params: { id, rule: rule.id } })
                  }
                  onDelete={() => remove(rule)}
                />
              ),
            },
          ]}
        />
      ) : isPending ? (
        <Loader />
      ) : rules && rules.length > 0 ? (
        <DiagramBoundary>
          <Suspense fallback={<Loader />}>
            <RulesDiagram rules={rules} fields={fields} targets={targets} />
          </Suspense>
        </DiagramBoundary>
      ) : (
        <Text c="dimmed">{t("This form has no rules yet.")}</Text>
      )}
    </Stack>
  );
}
