import { Box, Group, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useForms } from "../../forms/api/get-forms.ts";
import { useGroups } from "../../groups/api/groups.ts";
import { useFormAccess, useGroupAccess } from "../api/permissions.ts";
import { AccessBadge } from "./access-level.tsx";

/** permissions/functional: each group, and a way to its functional permissions. */
export function FunctionalPermissionsPage() {
  const { t } = useTranslation();
  const { data: groups, isPending, error } = useGroups();
  return (
    <Stack maw={760}>
      <Title order={2}>{t("Functional permissions")}</Title>
      <Text size="sm" c="dimmed">
        {t("Members get permissions through their groups. Choose a group to set what its members may do.")}
      </Text>
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            groups?.length === 0 && (
              <Stack align="center" p="xl" gap="xs">
                <Text c="dimmed">{t("There are no groups yet.")}</Text>
                <AnchorLink to="/groups/new">{t("Add group")}</AnchorLink>
              </Stack>
            )
          }
        >
          {() => (
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Group")}</Table.Th>
                  <Table.Th>{t("Users")}</Table.Th>
                  <Table.Th w={140} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(groups ?? []).map((group) => (
                  <Table.Tr key={group.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{group.name}</Table.Td>
                    <Table.Td>{group.userCount}</Table.Td>
                    <Table.Td>
                      <ButtonLink
                        size="xs"
                        variant="light"
                        to="/groups/$id/permissions_functional"
                        params={{ id: group.id }}
                        aria-label={t("Permissions of “{{name}}”", { name: group.name })}
                      >
                        {t("Permissions")}
                      </ButtonLink>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Paper>
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
      <Paper withBorder>
        <QueryState
          isPending={(by === "form" ? formId : groupId) !== null && current.isPending}
          error={current.error}
          empty={
            (current.data ?? []).length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {by === "form" ? t("There are no groups yet.") : t("There are no forms yet.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{by === "form" ? t("Group") : t("Form")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("Access")}</Table.Th>
                    <Table.Th w={120} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(current.data ?? []).map((item) => (
                    <Table.Tr key={`${item.formId}-${item.groupId}`}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {by === "form" ? item.groupName : item.formTitle || t("Untitled form")}
                        <Box hiddenFrom="sm" mt={4}>
                          <AccessBadge level={item.level} fieldCount={item.fieldIds.length} />
                        </Box>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <AccessBadge level={item.level} fieldCount={item.fieldIds.length} />
                      </Table.Td>
                      <Table.Td>
                        <ButtonLink
                          size="xs"
                          variant="light"
                          to="/forms/$id/permissions/group/$groupId"
                          params={{ id: item.formId, groupId: item.groupId }}
                        >
                          {t("Change")}
                        </ButtonLink>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
