import { Avatar, Badge, Box, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useAccountUsers } from "../../groups/api/groups.ts";

/** users/all: the account's users, searchable. */
export function UsersListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: people, isPending, error } = useAccountUsers();
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = (people ?? []).filter(
    (person) => !needle || `${person.username} ${person.email}`.toLowerCase().includes(needle),
  );

  return (
    <Stack>
      <PageHeader
        title={t("Users")}
        actions={
          can("invitations.send") && (
            <ButtonLink to="/invitations/new" leftSection={<IconPlus size={16} />}>
              {t("Invite people")}
            </ButtonLink>
          )
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t("Search by name or e-mail")}
        aria-label={t("Search by name or e-mail")}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={360}
      />
      <ListTable
        rows={people && shown}
        isPending={isPending}
        error={error}
        empty={t("No users match the search.")}
        highlightOnHover
        rowKey={(person) => person.id}
        columns={[
          {
            title: t("Username"),
            cell: (person) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar size="sm" name={person.username} color="initials" />
                <Box style={{ minWidth: 0 }}>
                  <AnchorLink to="/users/$id/view" params={{ id: person.id }} fw={500}>
                    {person.username}
                  </AnchorLink>
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: "anywhere" }}>
                    {person.email}
                  </Text>
                </Box>
              </Group>
            ),
          },
          { title: t("E-mail"), cell: (person) => person.email, visibleFrom: "sm", wrap: "anywhere" },
          {
            title: t("Role"),
            cell: (person) => (
              <Badge variant="light" color={person.isAccountAdmin ? "indigo" : "gray"}>
                {person.isAccountAdmin ? t("Admin") : t("Member")}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}
