import type { TExternalApp, TExternalAppCreated } from "@formloom/core/api/external-apps";
import { Alert, Badge, Code, Group, Loader, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlus, IconTrash } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditorPanel } from "../../../components/editor-panel.tsx";
import { EditDeleteActions, IconAction } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ShownOnceModal } from "../../../components/shown-once-modal.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifyUnlessFieldErrors, saveAndTell } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import {
  useCreateExternalApp,
  useDeleteExternalApp,
  useDisableExternalApp,
  useEditExternalApp,
  useExternalApp,
  useExternalApps,
} from "../api/external-apps.ts";
import { ExternalAppForm } from "./external-app-form.tsx";

function BackToApps() {
  const { t } = useTranslation();
  return <BackLink to="/external-apps/all">{t("External apps")}</BackLink>;
}

/** external-apps/all */
export function ExternalAppsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: apps, isPending, error } = useExternalApps();
  const remove = useDeleteExternalApp();
  const format = useFormat();

  const confirmDelete = (id: number, name: string) =>
    confirmDanger({
      title: t("Delete the token?"),
      message: t("“{{name}}” will stop working at once.", { name }),
      onConfirm: () => remove.mutate(id, { onError: notifyError }),
    });

  return (
    <Stack>
      <PageHeader
        title={t("External apps")}
        actions={
          <ButtonLink to="/external-apps/new" leftSection={<IconPlus size={16} />}>
            {t("New token")}
          </ButtonLink>
        }
        description={t(
          "A token lets another program call the API as you, only from the allowed addresses and until it expires.",
        )}
      />
      <ListTable
        rows={apps}
        isPending={isPending}
        error={error}
        empty={t("No tokens yet.")}
        highlightOnHover
        rowKey={(app) => app.id}
        columns={[
          {
            title: t("Name"),
            wrap: "anywhere",
            cell: (app) => (
              <>
                <Text fw={500}>{app.name}</Text>
                {app.owner && (
                  <Text size="xs" c="dimmed">
                    {app.owner}
                  </Text>
                )}
              </>
            ),
          },
          { title: t("Token"), cell: (app) => <Code>{app.tokenStart}…</Code>, visibleFrom: "sm" },
          {
            title: t("Allowed IP addresses"),
            cell: (app) => app.allowedIps.join(", "),
            visibleFrom: "md",
            wrap: "anywhere",
          },
          {
            title: t("Expires on"),
            cell: (app) => format.date(app.expiresAt),
            visibleFrom: "sm",
            wrap: "never",
          },
          { title: t("Status"), cell: (app) => <AppStatus app={app} /> },
          {
            title: t("Last used"),
            cell: (app) => (app.lastUsedAt ? format.dateTime(app.lastUsedAt) : t("Never")),
            visibleFrom: "md",
            wrap: "never",
          },
          {
            width: 90,
            cell: (app) =>
              app.mine ? (
                <EditDeleteActions
                  name={app.name}
                  onEdit={() => void navigate({ to: "/external-apps/$id/edit", params: { id: app.id } })}
                  onDelete={() => confirmDelete(app.id, app.name)}
                />
              ) : (
                <OthersAppActions app={app} onDelete={() => confirmDelete(app.id, app.name)} />
              ),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * Someone else's token (an admin sees them all): it acts as its maker, so it can be switched off
 * or deleted here, never edited.
 */
function OthersAppActions({ app, onDelete }: { app: TExternalApp; onDelete(): void }) {
  const { t } = useTranslation();
  const disable = useDisableExternalApp();
  return (
    <Group gap={4} wrap="nowrap">
      <IconAction
        label={t("Disable")}
        ariaLabel={t("Disable {{name}}", { name: app.name })}
        disabled={app.status === "disabled" || disable.isPending}
        onClick={() => disable.mutate(app, { onError: notifyError })}
      >
        <IconPlayerPause size={16} />
      </IconAction>
      <IconAction
        label={t("Delete")}
        ariaLabel={t("Delete {{name}}", { name: app.name })}
        color="red"
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </IconAction>
    </Group>
  );
}

function AppStatus({ app }: { app: TExternalApp }) {
  const { t } = useTranslation();
  const expired = new Date(app.expiresAt).getTime() <= Date.now();
  return (
    <Badge variant="light" color={expired ? "orange" : app.status === "active" ? "green" : "gray"}>
      {expired ? t("Expired") : app.status === "active" ? t("Active") : t("Disabled")}
    </Badge>
  );
}

/** external-apps/new: the token is shown once, right after it is made. */
export function NewExternalAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateExternalApp();
  const [created, setCreated] = useState<TExternalAppCreated | null>(null);
  const toList = () => void navigate({ to: "/external-apps/all" });

  return (
    <>
      <EditorPanel back={<BackToApps />} title={t("New token")} titleOrder={2} maw={640}>
        <ExternalAppForm
          submitLabel={t("Create token")}
          pending={create.isPending}
          serverError={create.error}
          onCancel={toList}
          onSubmit={(body) =>
            create.mutate(body, { onSuccess: setCreated, onError: notifyUnlessFieldErrors })
          }
        />
      </EditorPanel>
      <ShownOnceModal
        value={created?.token ?? null}
        title={t("Copy the token now")}
        explanation={t(
          "This is the only time the token is shown. Store it where the app can read it; it cannot be shown again.",
        )}
        testId="new-token"
        onClose={toList}
      />
    </>
  );
}

const editRoute = getRouteApi("/layout/account/external-apps/$id/edit");

/** external-apps/:id/edit: everything but the token itself. */
export function EditExternalAppPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: app, error, isPending } = useExternalApp(id);
  const edit = useEditExternalApp(id);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const toList = () => void navigate({ to: "/external-apps/all" });
  return (
    <EditorPanel
      back={<BackToApps />}
      title={t("Edit {{name}}", { name: app.name })}
      titleOrder={2}
      maw={640}
    >
      <ExternalAppForm
        app={app}
        submitLabel={t("Save")}
        pending={edit.isPending}
        serverError={edit.error}
        onCancel={toList}
        onSubmit={saveAndTell(edit, toList)}
      />
    </EditorPanel>
  );
}
