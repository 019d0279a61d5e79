import type { TInvitation } from "@formloom/core/api/invitations";
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconMailForward, IconPlus, IconX } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useInvitations, useOutbox, useRevokeInvitation } from "../api/invitations.ts";

const STATUS: Record<TInvitation["status"], { label: string; color: string }> = {
  pending: { label: msg("Waiting"), color: "blue" },
  accepted: { label: msg("Accepted"), color: "green" },
  revoked: { label: msg("Revoked"), color: "gray" },
  expired: { label: msg("Expired"), color: "orange" },
};

/** invitations/all: who was invited, when, and whether they joined. */
export function InvitationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: invitations, isPending, error } = useInvitations();
  const outbox = useOutbox(can("account.outbox"));
  const revoke = useRevokeInvitation();

  const confirmRevoke = (invitation: TInvitation) =>
    confirmDanger({
      title: t("Revoke the invitation?"),
      message: t("The link sent to {{email}} will stop working.", { email: invitation.email }),
      confirmLabel: t("Revoke"),
      onConfirm: () =>
        revoke.mutate(invitation.id, {
          onError: notifyError,
        }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("All invitations")}</Title>
        <Group gap="xs">
          {outbox.data && !outbox.data.smtpConfigured && (
            <ButtonLink
              to="/invitations/outbox"
              variant="default"
              leftSection={<IconMailForward size={16} />}
            >
              {t("Outbox")}
            </ButtonLink>
          )}
          {can("invitations.send") && (
            <ButtonLink to="/invitations/new" leftSection={<IconPlus size={16} />}>
              {t("Invite people")}
            </ButtonLink>
          )}
        </Group>
      </Group>
      {outbox.data && !outbox.data.smtpConfigured && (
        <Alert color="yellow">
          {t(
            "No mail server is set up, so invitations are not e-mailed. Pass their links on from the outbox.",
          )}
        </Alert>
      )}
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            invitations?.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {t("No invitations yet. Invite people to work on forms with you.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("E-mail")}</Table.Th>
                    <Table.Th>{t("Status")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("Sent")}</Table.Th>
                    <Table.Th visibleFrom="md">{t("Accepted")}</Table.Th>
                    <Table.Th visibleFrom="md">{t("Invited by")}</Table.Th>
                    <Table.Th w={50} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(invitations ?? []).map((invitation) => (
                    <Table.Tr key={invitation.id}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {invitation.email}
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {dayjs(invitation.sendDate).format("DD.MM.YYYY HH:mm")}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS[invitation.status].color}>
                          {t(STATUS[invitation.status].label)}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                        {dayjs(invitation.sendDate).format("DD.MM.YYYY HH:mm")}
                      </Table.Td>
                      <Table.Td visibleFrom="md" style={{ whiteSpace: "nowrap" }}>
                        {invitation.acceptDate
                          ? dayjs(invitation.acceptDate).format("DD.MM.YYYY HH:mm")
                          : "—"}
                      </Table.Td>
                      <Table.Td visibleFrom="md">{invitation.invitedBy ?? "—"}</Table.Td>
                      <Table.Td>
                        {invitation.status === "pending" && can("invitations.send") && (
                          <IconAction
                            label={t("Revoke")}
                            ariaLabel={t("Revoke the invitation of {{email}}", { email: invitation.email })}
                            color="red"
                            onClick={() => confirmRevoke(invitation)}
                          >
                            <IconX size={16} />
                          </IconAction>
                        )}
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

/** invitations/outbox: the invitation mails, for admins to pass on when no mail server is set up. */
export function OutboxPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useOutbox(true);
  return (
    <Stack maw={860}>
      <Title order={2}>{t("Outbox")}</Title>
      <Text size="sm" c="dimmed">
        {data?.smtpConfigured
          ? t("These invitation mails went out through the mail server.")
          : t(
              "No mail server is set up, so invitations are not e-mailed. Pass their links on from the outbox.",
            )}
      </Text>
      <QueryState
        isPending={isPending}
        error={error}
        empty={
          data?.messages.length === 0 && (
            <Text c="dimmed" ta="center" p="xl">
              {t("No invitation mails yet.")}
            </Text>
          )
        }
      >
        {() =>
          (data?.messages ?? []).map((message) => (
            <Paper key={message.id} withBorder p="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {message.to}
                </Text>
                <Badge variant="light" color={message.sentAt ? "green" : "gray"}>
                  {message.sentAt ? t("Sent") : t("Not sent")}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {dayjs(message.createdAt).format("DD.MM.YYYY HH:mm")} · {message.subject}
              </Text>
              <Text size="sm" mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {message.text}
              </Text>
            </Paper>
          ))
        }
      </QueryState>
    </Stack>
  );
}
