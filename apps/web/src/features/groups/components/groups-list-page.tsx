import { Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useUser } from "../../auth/api/get-user.ts";
import { useDeleteGroup, useGroups } from "../api/groups.ts";

/** groups/all */
export function GroupsListPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { data: groups, isPending, error } = useGroups();
  const remove = useDeleteGroup();
  const navigate = useNavigate();
  const isAdmin = user?.isAccountAdmin === true;

  const confirmDelete = (id: number, name: string) =>
    confirmDanger({
      title: t("Delete the group?"),
      message: t("“{{name}}” will be deleted. Its members stay in the account.", { name }),
      onConfirm: () => remove.mutate(id, { onError: notifyError }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("All groups")}</Title>
        {isAdmin && (
          <ButtonLink to="/groups/new" leftSection={<IconPlus size={16} />}>
            {t("Add group")}
          </ButtonLink>
        )}
      </Group>
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            groups?.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {t("No groups yet. Groups gather users to give them access together.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={300}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Group")}</Table.Th>
                    <Table.Th>{t("Users")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("Created")}</Table.Th>
                    {isAdmin && <Table.Th w={90} />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(groups ?? []).map((group) => (
                    <Table.Tr key={group.id}>
                      <Table.Td>
                        <AnchorLink to="/groups/$id/view" params={{ id: group.id }} fw={500}>
                          {group.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{group.userCount}</Table.Td>
                      <Table.Td visibleFrom="sm">{dayjs(group.creationDate).format("DD.MM.YYYY")}</Table.Td>
                      {isAdmin && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <IconAction
                              label={t("Edit")}
                              ariaLabel={t("Rename {{name}}", { name: group.name })}
                              onClick={() =>
                                void navigate({ to: "/groups/$id/edit", params: { id: group.id } })
                              }
                            >
                              <IconEdit size={16} />
                            </IconAction>
                            <IconAction
                              label={t("Delete")}
                              ariaLabel={t("Delete {{name}}", { name: group.name })}
                              color="red"
                              onClick={() => confirmDelete(group.id, group.name)}
                            >
                              <IconTrash size={16} />
                            </IconAction>
                          </Group>
                        </Table.Td>
                      )}
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
