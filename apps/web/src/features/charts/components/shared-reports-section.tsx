import { Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { ShownOnceModal } from "../../../components/shown-once-modal.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useUser } from "../../auth/api/get-user.ts";
import {
  sharedReportUrl,
  useCreateSharedReport,
  useRevokeSharedReport,
  useSharedReports,
} from "../api/shared-reports.ts";

/**
 * The form's read-only public links to these charts: a new one is shown once, each can be revoked.
 * A link shows what its maker may see, figures only, never an answer.
 */
export function SharedReportsSection({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useSharedReports(formId);
  const create = useCreateSharedReport(formId);
  const revoke = useRevokeSharedReport(formId);
  const [link, setLink] = useState<string | null>(null);
  const { data: user } = useUser();
  // A link is revoked by its maker or an account admin; others only see it.
  const mayRevoke = (mine: boolean) => mine || (user?.isAccountAdmin ?? false);
  const reports = data?.reports ?? [];

  return (
    <Paper withBorder p="md" className="no-print" component="section" aria-labelledby="shared-reports-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="shared-reports-title">
            {t("Shared reports")}
          </Title>
          <Button
            leftSection={<IconShare size={16} />}
            loading={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onError: notifyError,
                onSuccess: (created) => setLink(sharedReportUrl(created.token)),
              })
            }
          >
            {t("Share a read-only link")}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t(
            "Anyone with the link sees these charts without signing in: totals only, never an answer or who sent it, and only the questions you may see.",
          )}
        </Text>
        {reports.length > 0 && (
          <Table.ScrollContainer minWidth={360}>
            <Table fz="sm" data-testid="shared-reports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Link")}</Table.Th>
                  <Table.Th>{t("Made by")}</Table.Th>
                  <Table.Th>{t("Created")}</Table.Th>
                  <Table.Th>{t("Last opened")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reports.map((report) => (
                  <Table.Tr key={report.id}>
                    <Table.Td ff="monospace">/report/{report.tokenStart}…</Table.Td>
                    <Table.Td>{report.creator ?? "—"}</Table.Td>
                    <Table.Td>{format.dateTime(report.createdAt)}</Table.Td>
                    <Table.Td>{report.lastOpenedAt ? format.dateTime(report.lastOpenedAt) : "—"}</Table.Td>
                    <Table.Td ta="right">
                      {mayRevoke(report.mine) && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            confirmDanger({
                              title: t("Revoke this link?"),
                              message: t("Whoever has the link can no longer open the report."),
                              confirmLabel: t("Revoke"),
                              onConfirm: () => revoke.mutate(report.id, { onError: notifyError }),
                            })
                          }
                        >
                          {t("Revoke")}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ShownOnceModal
        value={link}
        title={t("Read-only link")}
        explanation={t("Copy the link now: it is shown only once. You can revoke it at any time.")}
        testId="shared-report-link"
        onClose={() => setLink(null)}
      />
    </Paper>
  );
}
