import type { THelpLink } from "@formloom/core/api/pages";
import { HELP_LINK_TYPES } from "@formloom/core/custom-pages";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/error-text.ts";
import { notifyError, saveAndTell } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useDeletePage, useHelpMenu, usePages, useSaveHelpMenu } from "../api/pages.ts";

type LinkDraft = Omit<THelpLink, "id"> & { key: number };

let drafts = 0;
const draftOf = (link?: Omit<THelpLink, "id">): LinkDraft => ({
  text: link?.text ?? "",
  href: link?.href ?? "",
  typeMachineName: link?.typeMachineName ?? "internal_alias",
  key: ++drafts,
});

/** The Help dropdown's links, edited as rows and saved together, in order. */
function HelpMenuEditor({ links }: { links: readonly THelpLink[] }) {
  const { t } = useTranslation();
  const save = useSaveHelpMenu();
  const [rows, setRows] = useState<LinkDraft[]>(() => links.map(draftOf));
  const errors = fieldErrors(save.error);
  const change = (key: number, patch: Partial<LinkDraft>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Group key={row.key} align="flex-start" wrap="wrap">
          <TextInput
            label={t("Link text")}
            value={row.text}
            onChange={(e) => change(row.key, { text: e.currentTarget.value })}
            error={errors[`pageMenuLinks.${index}.text`]}
          />
          <Select
            label={t("Kind")}
            data={HELP_LINK_TYPES.map((type) => ({
              value: type,
              label: type === "internal_alias" ? t("A page's alias") : t("An outside address"),
            }))}
            value={row.typeMachineName}
            onChange={(value) =>
              value && change(row.key, { typeMachineName: value as LinkDraft["typeMachineName"] })
            }
            allowDeselect={false}
          />
          <TextInput
            label={row.typeMachineName === "internal_alias" ? t("Alias") : t("Address")}
            value={row.href}
            onChange={(e) => change(row.key, { href: e.currentTarget.value })}
            error={errors[`pageMenuLinks.${index}.href`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={t("Remove the link")}
            onClick={() => setRows((all) => all.filter((item) => item.key !== row.key))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => setRows((all) => [...all, draftOf()])}
        >
          {t("Add a link")}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => saveAndTell(save)({ pageMenuLinks: rows.map(({ key: _key, ...link }) => link) })}
        >
          {t("Save the help menu")}
        </Button>
      </Group>
    </Stack>
  );
}

/** /account/pages: the account's custom pages and its Help menu, for its admins. */
export function PagesAdminPage() {
  const { t } = useTranslation();
  const pages = usePages();
  const menu = useHelpMenu(true);
  const remove = useDeletePage();
  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={2}>{t("Pages and help menu")}</Title>
        <ButtonLink to="/account/pages/add" leftSection={<IconPlus size={16} />}>
          {t("New page")}
        </ButtonLink>
      </Group>
      <Paper withBorder p="md">
        {pages.data?.pages.length === 0 ? (
          <Text c="dimmed">{t("No pages yet.")}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Title")}</Table.Th>
                <Table.Th>{t("Address")}</Table.Th>
                <Table.Th>{t("State")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.data?.pages.map((page) => (
                <Table.Tr key={page.id}>
                  <Table.Td>
                    <AnchorLink to="/page/$alias" params={{ alias: page.alias }}>
                      {page.title}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{page.isPublic ? `/pages/${page.alias}` : `/page/${page.alias}`}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={page.isPublished ? "green" : "gray"}>
                        {page.isPublished ? t("Published") : t("Draft")}
                      </Badge>
                      {page.isPublic && <Badge variant="light">{t("Public")}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ButtonLink
                        to="/account/pages/$id/edit"
                        params={{ id: page.id }}
                        variant="subtle"
                        size="xs"
                        leftSection={<IconEdit size={14} />}
                      >
                        {t("Edit")}
                      </ButtonLink>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("Delete {{title}}", { title: page.title })}
                        onClick={() => remove.mutate(page.id, { onError: notifyError })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Title order={3}>{t("Help menu")}</Title>
      <Paper withBorder p="md">
        {menu.data && <HelpMenuEditor links={menu.data.pageMenuLinks} />}
      </Paper>
    </Stack>
  );
}
