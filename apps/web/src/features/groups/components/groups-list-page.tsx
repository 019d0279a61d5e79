import { Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useFormat } from "../../../i18n/format.ts";
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
  const format = useFormat();
  const isAdmin = user?.isAccountAdmin === true;

  const confirmDelete = (id: number, name: string) =>
    confirmDanger({
      title: t("Delete the group?"),
      message: t("“{{name}}” will be deleted. Its members stay in the account.", { name }),
      onConfirm: () => remove.mutate(id, { onError: notifyError }),
    });

  return (
    <Stack>
      <PageHeader
        title={t("All groups")}
        actions={
          isAdmin && (
            <ButtonLink to="/groups/new" leftSection={<IconPlus size={16} />}>
              {t("Add group")}
            </ButtonLink>
          )
        }
      />
      <ListTable
        rows={groups}
        isPending={isPending}
        error={error}
        empty={t("No groups yet. Groups gather users to give them access together.")}
        highlightOnHover
        rowKey={(group) => group.id}
        columns={[
          {
            title: t("Group"),
            wrap: "anywhere",
            cell: (group) => (
              <AnchorLink to="/groups/$id/view" params={{ id: group.id }} fw={500}>
                {group.name}
              </AnchorLink>
            ),
          },
          { title: t("Users"), cell: (group) => group.userCount },
          {
            title: t("Created"),
            cell: (group) => format.date(group.creationDate),
            visibleFrom: "sm",
            wrap: "never",
          },
          isAdmin && {
            width: 90,
            cell: (group) => (
              <EditDeleteActions
                name={group.name}
                onEdit={() => void navigate({ to: "/groups/$id/edit", params: { id: group.id } })}
                onDelete={() => confirmDelete(group.id, group.name)}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}
