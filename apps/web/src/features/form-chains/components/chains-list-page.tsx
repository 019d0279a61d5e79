import type { TFormChain } from "@formloom/core/api/form-chains";
import { Group, Stack, Text } from "@mantine/core";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditDeleteActions, IconAction } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useDeleteFormChain, useFormChains } from "../api/form-chains.ts";

/** form-chains/all — the account's chains, each with its forms in order. */
export function FormChainsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const { data, isPending, error } = useFormChains();
  const remove = useDeleteFormChain();
  const confirmDelete = (chain: TFormChain) =>
    confirmDanger({
      title: t("Delete the form chain?"),
      message: t(
        "“{{name}}” is deleted with the links between its submissions; the forms and their submissions stay.",
        {
          name: chain.name,
        },
      ),
      onConfirm: () =>
        remove.mutate(chain, { onSuccess: () => notifySuccess(msg("Deleted")), onError: notifyError }),
    });

  return (
    <Stack>
      <PageHeader
        title={t("Form chains")}
        description={t(
          "A chain leads a respondent from one form to the next; its answers are read together.",
        )}
        actions={
          <ButtonLink to="/form-chains/add" leftSection={<IconPlus size={16} />}>
            {t("Add chain")}
          </ButtonLink>
        }
      />
      <ListTable
        rows={data}
        isPending={isPending}
        error={error}
        empty={t("No form chains yet.")}
        highlightOnHover
        rowKey={(chain) => chain.id}
        columns={[
          {
            title: t("Name"),
            wrap: "anywhere",
            cell: (chain) => (
              <>
                <AnchorLink to="/form-chains/$id/view" params={{ id: chain.id }} fw={500}>
                  {chain.name}
                </AnchorLink>
                {chain.description && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {chain.description}
                  </Text>
                )}
              </>
            ),
          },
          {
            title: t("Forms"),
            wrap: "anywhere",
            visibleFrom: "sm",
            underFirstWhenHidden: true,
            cell: (chain) => (
              <Text size="sm">{chain.items.map((item) => item.name).join(" → ") || t("No forms yet")}</Text>
            ),
          },
          {
            title: t("Created"),
            visibleFrom: "md",
            wrap: "never",
            cell: (chain) => format.dateTime(chain.creationDate),
          },
          {
            width: 120,
            cell: (chain) => (
              <Group gap={4} wrap="nowrap">
                <IconAction
                  label={t("Answers")}
                  ariaLabel={t("Answers of {{name}}", { name: chain.name })}
                  onClick={() => void navigate({ to: "/form-chains/$id/view", params: { id: chain.id } })}
                >
                  <IconEye size={16} />
                </IconAction>
                <EditDeleteActions
                  name={chain.name}
                  onEdit={() => void navigate({ to: "/form-chains/$id/edit", params: { id: chain.id } })}
                  onDelete={() => confirmDelete(chain)}
                />
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
