import { ZGroupEditBody } from "@formloom/core/api/groups";
import { Alert, Button, Group, Loader, Paper, Select, Stack, TextInput, Title } from "@mantine/core";
import { IconDatabase, IconLock, IconUserMinus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useUser } from "../../auth/api/get-user.ts";
import { useAccountUsers, useChangeGroupUsers, useGroup, useRenameGroup } from "../api/groups.ts";

const viewRoute = getRouteApi("/layout/account/groups/$id/view");
const editRoute = getRouteApi("/layout/account/groups/$id/edit");

function BackToGroups() {
  const { t } = useTranslation();
  return <BackLink to="/groups/all">{t("All groups")}</BackLink>;
}

/** groups/:id/view: the group's members; admins add and remove them here. */
export function GroupViewPage() {
  const { t } = useTranslation();
  const { id } = viewRoute.useParams();
  const { data: user } = useUser();
  const { data: group, error, isPending } = useGroup(id);
  const { data: people } = useAccountUsers();
  const change = useChangeGroupUsers(id);
  const [picked, setPicked] = useState<string | null>(null);
  const isAdmin = user?.isAccountAdmin === true;
  const onError = notifyError;

  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const candidates = (people ?? []).filter(
    (person) => !group.users.some((member) => member.id === person.id),
  );

  return (
    <Stack maw={720}>
      <BackToGroups />
      <PageHeader
        title={group.name}
        actions={
          <>
            <ButtonLink
              to="/groups/$id/permissions_functional"
              params={{ id }}
              variant="light"
              size="xs"
              leftSection={<IconLock size={14} />}
            >
              {t("Permissions")}
            </ButtonLink>
            {isAdmin && (
              <ButtonLink
                to="/permissions/data"
                search={{ by: "group", id }}
                variant="light"
                size="xs"
                leftSection={<IconDatabase size={14} />}
              >
                {t("Data access")}
              </ButtonLink>
            )}
            {isAdmin && (
              <ButtonLink to="/groups/$id/edit" params={{ id }} variant="default" size="xs">
                {t("Rename")}
              </ButtonLink>
            )}
          </>
        }
      />
      {isAdmin && (
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t("Add a user")}
            placeholder={candidates.length ? t("Choose a user") : t("Everyone is already in this group")}
            data={candidates.map((person) => ({
              value: String(person.id),
              label: `${person.username} (${person.email})`,
            }))}
            value={picked}
            onChange={setPicked}
            searchable
            disabled={candidates.length === 0}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            disabled={!picked}
            loading={change.isPending}
            onClick={() =>
              picked &&
              change.mutate(
                { userIds: [Number(picked)], action: "add" },
                { onSuccess: () => setPicked(null), onError },
              )
            }
          >
            {t("Add")}
          </Button>
        </Group>
      )}
      <ListTable
        rows={group.users}
        isPending={false}
        error={null}
        empty={t("No users in this group yet.")}
        rowKey={(member) => member.id}
        columns={[
          { title: t("Username"), cell: (member) => member.username, wrap: "anywhere" },
          {
            title: t("E-mail"),
            cell: (member) => member.email,
            visibleFrom: "sm",
            underFirstWhenHidden: true,
            wrap: "anywhere",
          },
          isAdmin && {
            width: 50,
            cell: (member) => (
              <IconAction
                label={t("Remove from the group")}
                ariaLabel={t("Remove {{name}} from the group", { name: member.username })}
                color="red"
                onClick={() => change.mutate({ userIds: [member.id], action: "remove" }, { onError })}
              >
                <IconUserMinus size={16} />
              </IconAction>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** groups/:id/edit: renames the group. */
export function GroupEditPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: group } = useGroup(id);
  const rename = useRenameGroup(id);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  if (!group) return <Loader m="xl" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZGroupEditBody.safeParse({ name: name ?? group.name });
    if (!parsed.success) return setError(issueErrors(parsed.error.issues).name);
    rename.mutate(parsed.data.name, {
      onSuccess: () => {
        notifySuccess(msg("Saved"));
        void navigate({ to: "/groups/$id/view", params: { id } });
      },
      onError: (e) => setError(fieldErrors(e).groupName ?? errorText(e)),
    });
  };

  return (
    <Paper withBorder p="xl" maw={520}>
      <Stack>
        <BackToGroups />
        <Title order={2}>{t("Rename the group")}</Title>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t("Group name")}
              required
              autoFocus
              value={name ?? group.name}
              error={error}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(undefined);
              }}
            />
            <Button type="submit" loading={rename.isPending} style={{ alignSelf: "flex-start" }}>
              {t("Save")}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
