import { Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useForms } from "../../forms/api/get-forms.ts";
import { useGroups } from "../../groups/api/groups.ts";
import { useFormAccess, useGroupAccess } from "../api/permissions.ts";
import { accessColumn, NoGroups } from "./access-level.tsx";

/** permissions/functional: each group, and a way to its functional permissions. */
export function FunctionalPermissionsPage() {
  const { t } = useTranslation();
  const { data: groups, isPending, error } = useGroups();
  return (
    <Stack maw={760}>
      <PageHeader
        title={t("Functional permissions")}
        description={t(
          "Members get permissions through their groups. Choose a group to set what its members may do.",
        )}
      />
      <ListTable
        rows={groups}
        isPending={isPending}
        error={error}
        empty={<NoGroups />}
        rowKey={(group) => group.id}
        columns={[
          { title: t("Group"), cell: (group) => group.name, wrap: "anywhere" },
          { title: t("Users"), cell: (group) => group.userCount },
          {
            width: 140,
            cell: (group) => (
              <ButtonLink
                size="xs"
                variant="light"
                to="/groups/$id/permissions_functional"
                params={{ id: group.id }}
                aria-label={t("Permissions of “{{name}}”", { name: group.name })}
              >
                {t("Permissions")}
              </ButtonLink>
            ),
          },
        ]}
      />
    </Stack>
  );
}

const dataRoute = getRouteApi("/layout/account/permissions/data");

/** permissions/data: groups' access to answers, seen by form or by group. */
export function DataPermissionsPage() {
  const { t } = useTranslation();
  const search = dataRoute.useSearch();
  const navigate = useNavigate({ from: "/permissions/data" });
  const by = search.by ?? "form";
  const { data: forms } = useForms();
  const { data: groups } = useGroups();
  const formId = by === "form" ? (search.id ?? forms?.[0]?.id ?? null) : null;
  const groupId = by === "group" ? (search.id ?? groups?.[0]?.id ?? null) : null;
  const byForm = useFormAccess(formId);
  const byGroup = useGroupAccess(groupId);
  const current = by === "form" ? byForm : byGroup;

  return (
    <Stack maw={860}>
      <Title order={2}>{t("Data permissions")}</Title>
      <Text size="sm" c="dimmed">
        {t("A group sees no answers of a form, all of them, or only selected fields.")}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={by}
          onChange={(value) => void navigate({ search: { by: value as "form" | "group" } })}
          data={[
            { value: "form", label: t("By form") },
            { value: "group", label: t("By group") },
          ]}
        />
        <Select
          aria-label={by === "form" ? t("Form") : t("Group")}
          style={{ flex: 1, minWidth: 200 }}
          searchable
          allowDeselect={false}
          placeholder={by === "form" ? t("Choose a form") : t("Choose a group")}
          data={
            by === "form"
              ? (forms ?? []).map((form) => ({
                  value: String(form.id),
                  label: form.title || t("Untitled form"),
                }))
              : (groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))
          }
          value={String((by === "form" ? formId : groupId) ?? "")}
          onChange={(value) => value && void navigate({ search: { by, id: Number(value) } })}
        />
      </Group>
      <ListTable
        rows={current.data}
        isPending={(by === "form" ? formId : groupId) !== null && current.isPending}
        error={current.error}
        empty={by === "form" ? <NoGroups /> : t("There are no forms yet.")}
        rowKey={(item) => `${item.formId}-${item.groupId}`}
        columns={[
          {
            title: by === "form" ? t("Group") : t("Form"),
            cell: (item) => (by === "form" ? item.groupName : item.formTitle || t("Untitled form")),
            wrap: "anywhere",
          },
          accessColumn(t("Access")),
          {
            width: 120,
            cell: (item) => (
              <ButtonLink
                size="xs"
                variant="light"
                to="/forms/$id/permissions/group/$groupId"
                params={{ id: item.formId, groupId: item.groupId }}
                aria-label={t("Change the access of {{name}}", {
                  name: by === "form" ? item.groupName : item.formTitle || t("Untitled form"),
                })}
              >
                {t("Change")}
              </ButtonLink>
            ),
          },
        ]}
      />
    </Stack>
  );
}
