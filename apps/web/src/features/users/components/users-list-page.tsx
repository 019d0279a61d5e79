import { Avatar, Badge, Box, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
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
      <Group justify="space-between">
        <Title order={2}>{t("Users")}</Title>
        {can("invitations.send") && (
          <ButtonLink to="/invitations/new" leftSection={<IconPlus size={16} />}>
            {t("Invite people")}
          </ButtonLink>
        )}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t("Search by name or e-mail")}
        aria-label={t("Search by name or e-mail")}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={360}
      />
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            shown.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {t("No users match the search.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={300}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Username")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("E-mail")}</Table.Th>
                    <Table.Th>{t("Role")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((person) => (
                    <Table.Tr key={person.id}>
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ overflowWrap: "anywhere" }}>
                        {person.email}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={person.isAccountAdmin ? "indigo" : "gray"}>
                          {person.isAccountAdmin ? t("Admin") : t("Member")}
                        </Badge>
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
