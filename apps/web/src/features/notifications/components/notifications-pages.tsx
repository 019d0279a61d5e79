import type { TEmailNotification } from "@formloom/core/api/email-notifications";
import { MESSAGES } from "@formloom/core/errors";
import { Alert, Badge, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditorPanel } from "../../../components/editor-panel.tsx";
import { EnabledSwitch } from "../../../components/enabled-switch.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { TabIntro } from "../../../components/tab-intro.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess, saveAndTell } from "../../../lib/notify.ts";
import { AnchorLink, BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useForm } from "../../forms/api/get-form.ts";
import {
  useAllNotifications,
  useAutomationJobs,
  useCreateNotification,
  useDeleteNotification,
  useEditNotification,
  useFormNotifications,
  useNotification,
  useToggleNotification,
} from "../api/notifications.ts";
import { EVENT_LABELS, NotificationForm } from "./notification-form.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");
const editRoute = getRouteApi("/layout/account/forms/$id/emails/$emailId/edit");

/** The receive switch of platform.md §4. */
function NotificationSwitch({ notification }: { notification: TEmailNotification }) {
  const toggle = useToggleNotification();
  return (
    <EnabledSwitch
      name={notification.adminName}
      checked={notification.enabled}
      pending={toggle.isPending}
      onToggle={() => toggle.mutate(notification, { onError: notifyError })}
    />
  );
}

/** A list of notifications, of one form or (with each one's form) of the whole account. */
function NotificationList({
  notifications,
  isPending,
  error,
  showForm,
}: {
  notifications: TEmailNotification[] | undefined;
  isPending: boolean;
  error: unknown;
  showForm?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteNotification();
  const confirmDelete = (notification: TEmailNotification) =>
    confirmDanger({
      title: t("Delete the e-mail notification?"),
      message: t("“{{title}}” is no longer sent.", { title: notification.adminName }),
      onConfirm: () =>
        remove.mutate(notification, { onSuccess: () => notifySuccess(msg("Deleted")), onError: notifyError }),
    });
  const edit = (notification: TEmailNotification) =>
    void navigate({
      to: "/forms/$id/emails/$emailId/edit",
      params: { id: notification.formId, emailId: notification.id },
    });
  return (
    <ListTable
      rows={notifications}
      isPending={isPending}
      error={error}
      empty={t("No e-mail notifications yet.")}
      highlightOnHover
      rowKey={(notification) => notification.id}
      columns={[
        {
          title: t("Name"),
          wrap: "anywhere",
          cell: (notification) => (
            <>
              <AnchorLink
                to="/forms/$id/emails/$emailId/edit"
                params={{ id: notification.formId, emailId: notification.id }}
                fw={500}
              >
                {notification.adminName}
              </AnchorLink>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {notification.subject}
              </Text>
            </>
          ),
        },
        showForm === true && {
          title: t("Form"),
          wrap: "anywhere",
          visibleFrom: "sm",
          underFirstWhenHidden: true,
          cell: (notification) => (
            <AnchorLink to="/forms/$id/emails" params={{ id: notification.formId }} size="sm">
              {notification.formTitle || t("Untitled form")}
            </AnchorLink>
          ),
        },
        {
          title: t("When to send"),
          visibleFrom: "md",
          cell: (notification) => t(EVENT_LABELS[notification.event]),
        },
        { title: t("Enabled"), cell: (notification) => <NotificationSwitch notification={notification} /> },
        {
          width: 90,
          cell: (notification) => (
            <EditDeleteActions
              name={notification.adminName}
              onEdit={() => edit(notification)}
              onDelete={() => confirmDelete(notification)}
            />
          ),
        },
      ]}
    />
  );
}

const STATE_COLORS = { queued: "blue", done: "green", failed: "red" } as const;
const STATE_LABELS = { queued: msg("Queued"), done: msg("Done"), failed: msg("Failed") } as const;

/** The latest submissions' sending: each job's state and how many attempts it took. */
function RecentJobs({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useAutomationJobs(formId);
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>{t("Recent sending")}</Title>
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Submission")}</Table.Th>
              <Table.Th>{t("State")}</Table.Th>
              <Table.Th>{t("Attempts")}</Table.Th>
              <Table.Th>{t("Created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.slice(0, 10).map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>{job.answerNumber === null ? "—" : `#${job.answerNumber}`}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[job.state]} variant="light" style={{ textTransform: "none" }}>
                    {t(STATE_LABELS[job.state])}
                  </Badge>
                  {job.lastError && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {job.lastError in MESSAGES ? messageText(job.lastError) : job.lastError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{job.attempts}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{format.dateTime(job.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** :id/emails — the form's e-mail notifications. */
export function FormEmailsPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const { data, isPending, error } = useFormNotifications(id);
  return (
    <Stack>
      <TabIntro
        description={t(
          "An e-mail notification tells the people you choose about each new submission, with its answers.",
        )}
        action={
          <ButtonLink to="/forms/$id/emails/add" params={{ id }} leftSection={<IconPlus size={16} />}>
            {t("Add e-mail notification")}
          </ButtonLink>
        }
      />
      <NotificationList notifications={data} isPending={isPending} error={error} />
      <RecentJobs formId={id} />
      <AnchorLink to="/email-notifications/all" size="sm">
        {t("All e-mail notifications of the account")}
      </AnchorLink>
    </Stack>
  );
}

/** /email-notifications/all — every notification of the account, with the form each belongs to. */
export function AllEmailNotificationsPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useAllNotifications();
  return (
    <Stack>
      <PageHeader
        title={t("E-mail notifications")}
        description={t(
          "The e-mail notifications of all the account's forms. Add one from a form's E-mails tab.",
        )}
      />
      <NotificationList notifications={data} isPending={isPending} error={error} showForm />
    </Stack>
  );
}

function BackToEmails({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <BackLink to="/forms/$id/emails" params={{ id }}>
      {t("E-mails")}
    </BackLink>
  );
}

/** :id/emails/add */
export function NewEmailNotificationPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const navigate = useNavigate();
  const form = useForm(id);
  const create = useCreateNotification(id);
  const toList = () => void navigate({ to: "/forms/$id/emails", params: { id } });
  return (
    <EditorPanel back={<BackToEmails id={id} />} title={t("Add e-mail notification")} maw={760}>
      <NotificationForm
        fields={form.data?.fields ?? []}
        submitLabel={t("Create")}
        pending={create.isPending}
        serverError={create.error}
        onCancel={toList}
        onSubmit={saveAndTell(create, toList)}
      />
    </EditorPanel>
  );
}

/** :id/emails/:email/edit */
export function EditEmailNotificationPage() {
  const { t } = useTranslation();
  const { id, emailId } = editRoute.useParams();
  const navigate = useNavigate();
  const form = useForm(id);
  const { data: notification, error, isPending } = useNotification(id, emailId);
  const edit = useEditNotification(id, emailId);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const toList = () => void navigate({ to: "/forms/$id/emails", params: { id } });
  return (
    <EditorPanel
      back={<BackToEmails id={id} />}
      title={t("Edit {{name}}", { name: notification.adminName })}
      maw={760}
    >
      <NotificationForm
        key={notification.id}
        notification={notification}
        fields={form.data?.fields ?? []}
        submitLabel={t("Save")}
        pending={edit.isPending}
        serverError={edit.error}
        onCancel={toList}
        onSubmit={saveAndTell(edit)}
      />
    </EditorPanel>
  );
}
