import type { TInvitation } from "@formloom/core/api/invitations";
import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconCopy, IconMailForward, IconPlus, IconSend, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useInvitationAction, useInvitations, useOutbox } from "../api/invitations.ts";

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
  const revoke = useInvitationAction("revoke");
  const resend = useInvitationAction("resend");
  const sendAgain = (invitation: TInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        notifySuccess(msg("The invitation was sent again to {{email}}"), { email: invitation.email }),
      onError: notifyError,
    });

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

  const format = useFormat();
  const noOutbox = outbox.data && !outbox.data.smtpConfigured;
  return (
    <Stack>
      <PageHeader
        title={t("All invitations")}
        actions={
          <>
            {noOutbox && (
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
          </>
        }
      />
      {noOutbox && (
        <Alert color="yellow">
          {t(
            "No mail server is set up, so invitations are not e-mailed. Pass their links on from the outbox.",
          )}
        </Alert>
      )}
      <ListTable
        rows={invitations}
        isPending={isPending}
        error={error}
        empty={t("No invitations yet. Invite people to work on forms with you.")}
        highlightOnHover
        rowKey={(invitation) => invitation.id}
        columns={[
          { title: t("E-mail"), cell: (invitation) => invitation.email, wrap: "anywhere" },
          {
            title: t("Status"),
            visibleFrom: "sm",
            underFirstWhenHidden: true,
            cell: (invitation) => (
              <Badge variant="light" color={STATUS[invitation.status].color}>
                {t(STATUS[invitation.status].label)}
              </Badge>
            ),
          },
          {
            title: t("Sent"),
            cell: (invitation) => format.dateTime(invitation.sendDate),
            visibleFrom: "sm",
            underFirstWhenHidden: true,
            wrap: "never",
          },
          {
            title: t("Accepted"),
            cell: (invitation) => (invitation.acceptDate ? format.dateTime(invitation.acceptDate) : "—"),
            visibleFrom: "md",
            wrap: "never",
          },
          {
            title: t("Groups"),
            cell: (invitation) =>
              invitation.groups.length === 0 ? "—" : invitation.groups.map((group) => group.name).join(", "),
            visibleFrom: "md",
            wrap: "anywhere",
          },
          { title: t("Invited by"), cell: (invitation) => invitation.invitedBy ?? "—", visibleFrom: "md" },
          {
            width: 90,
            cell: (invitation) =>
              can("invitations.send") && (
                <Group gap={4} wrap="nowrap">
                  {(invitation.status === "pending" || invitation.status === "expired") && (
                    <IconAction
                      label={t("Send again")}
                      ariaLabel={t("Send the invitation of {{email}} again", { email: invitation.email })}
                      onClick={() => sendAgain(invitation)}
                    >
                      <IconSend size={16} />
                    </IconAction>
                  )}
                  {invitation.status === "pending" && (
                    <IconAction
                      label={t("Revoke")}
                      ariaLabel={t("Revoke the invitation of {{email}}", { email: invitation.email })}
                      color="red"
                      onClick={() => confirmRevoke(invitation)}
                    >
                      <IconX size={16} />
                    </IconAction>
                  )}
                </Group>
              ),
          },
        ]}
      />
    </Stack>
  );
}

/** invitations/outbox: the invitation mails, for admins to pass on when no mail server is set up. */
export function OutboxPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useOutbox(true);
  const format = useFormat();
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
                {format.dateTime(message.createdAt)} · {message.subject}
              </Text>
              <Text size="sm" mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {message.text}
              </Text>
              {message.link && <CopyInvitationLink email={message.to} link={message.link} />}
            </Paper>
          ))
        }
      </QueryState>
    </Stack>
  );
}

/** Copies an outbox mail's join link, to pass it on by another way. */
function CopyInvitationLink({ email, link }: { email: string; link: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={link}>
      {({ copied, copy }) => (
        <Button
          mt="sm"
          size="sm"
          variant={copied ? "filled" : "light"}
          color={copied ? "teal" : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={copy}
          aria-label={copied ? t("Copied") : t("Copy the invitation link of {{email}}", { email })}
        >
          {copied ? t("Copied") : t("Copy link")}
        </Button>
      )}
    </CopyButton>
  );
}
