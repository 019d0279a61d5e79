import type { TWebhook } from "@formloom/core/api/webhooks";
import { Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EnabledSwitch } from "../../../components/enabled-switch.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { TabIntro } from "../../../components/tab-intro.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useForms } from "../../forms/api/get-forms.ts";
import { useAllWebhooks, useDeleteWebhook, useFormWebhooks, useToggleWebhook } from "../api/webhooks.ts";
import { CopyCurlAction } from "./copy-curl.tsx";
import { CONDITION_LABELS } from "./webhook-form.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");

/** A webhook's on/off switch, and why the server turned it off if it did. */
function WebhookSwitch({ webhook }: { webhook: TWebhook }) {
  const { t } = useTranslation();
  const toggle = useToggleWebhook();
  const control = (
    <EnabledSwitch
      name={webhook.title}
      checked={webhook.enabled}
      pending={toggle.isPending}
      onToggle={() => toggle.mutate(webhook, { onError: notifyError })}
    />
  );
  if (webhook.enabled || webhook.disabledReason !== "gone") return control;
  return (
    <Group gap={6} wrap="nowrap">
      {control}
      <Tooltip label={t("The endpoint answered 410 Gone, so the webhook was turned off")} multiline w={240}>
        <Badge color="orange" variant="light" style={{ textTransform: "none" }} tabIndex={0}>
          {t("Endpoint gone")}
        </Badge>
      </Tooltip>
    </Group>
  );
}

/** A list of webhooks, of one form or (with the form's title) of the whole account. */
function WebhookList({
  webhooks,
  isPending,
  error,
  formTitles,
}: {
  webhooks: TWebhook[] | undefined;
  isPending: boolean;
  error: unknown;
  formTitles?: Map<number, string>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const remove = useDeleteWebhook();
  const confirmDelete = (webhook: TWebhook) =>
    confirmDanger({
      title: t("Delete the webhook?"),
      message: t("“{{title}}” stops sending at once and its delivery log goes with it.", {
        title: webhook.title,
      }),
      onConfirm: () =>
        remove.mutate(webhook, { onSuccess: () => notifySuccess(msg("Deleted")), onError: notifyError }),
    });
  const edit = (webhook: TWebhook) =>
    void navigate({
      to: "/forms/$id/webhooks/$webhookId/edit",
      params: { id: webhook.formId, webhookId: webhook.id },
    });

  return (
    <ListTable
      rows={webhooks}
      isPending={isPending}
      error={error}
      empty={t("No webhooks yet.")}
      highlightOnHover
      rowKey={(webhook) => webhook.id}
      columns={[
        {
          title: t("Title"),
          wrap: "anywhere",
          cell: (webhook) => (
            <>
              <AnchorLink
                to="/forms/$id/webhooks/$webhookId/edit"
                params={{ id: webhook.formId, webhookId: webhook.id }}
                fw={500}
              >
                {webhook.title}
              </AnchorLink>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {webhook.requestType} {webhook.endpoint}
              </Text>
            </>
          ),
        },
        formTitles !== undefined && {
          title: t("Form"),
          wrap: "anywhere",
          visibleFrom: "sm",
          underFirstWhenHidden: true,
          cell: (webhook) => (
            <AnchorLink to="/forms/$id/webhooks" params={{ id: webhook.formId }} size="sm">
              {formTitles.get(webhook.formId) || t("Untitled form")}
            </AnchorLink>
          ),
        },
        {
          title: t("When to send"),
          visibleFrom: "md",
          cell: (webhook) => t(CONDITION_LABELS[webhook.condition]),
        },
        {
          title: t("Created"),
          visibleFrom: "md",
          wrap: "never",
          cell: (webhook) => format.dateTime(webhook.creationDate),
        },
        { title: t("Enabled"), cell: (webhook) => <WebhookSwitch webhook={webhook} /> },
        {
          width: 124,
          cell: (webhook) => (
            <Group gap={4} wrap="nowrap">
              {/* A command to an address shown only in part would reach nothing. */}
              {!webhook.endpointHidden && (
                <CopyCurlAction webhook={webhook} formTitle={formTitles?.get(webhook.formId) ?? ""} />
              )}
              <EditDeleteActions
                name={webhook.title}
                onEdit={() => edit(webhook)}
                onDelete={() => confirmDelete(webhook)}
              />
            </Group>
          ),
        },
      ]}
    />
  );
}

/** :id/webhooks — the form's webhooks. */
export function FormWebhooksPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const { data, isPending, error } = useFormWebhooks(id);
  return (
    <Stack>
      <TabIntro
        description={t(
          "A webhook sends each new submission to another system's address, signed so it can check the sender.",
        )}
        action={
          <ButtonLink to="/forms/$id/webhooks/add" params={{ id }} leftSection={<IconPlus size={16} />}>
            {t("Add webhook")}
          </ButtonLink>
        }
      />
      <WebhookList webhooks={data} isPending={isPending} error={error} />
      <AnchorLink to="/webhooks/all" size="sm">
        {t("All webhooks of the account")}
      </AnchorLink>
    </Stack>
  );
}

/** /webhooks/all — every webhook of the account, with the form each belongs to. */
export function AllWebhooksPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useAllWebhooks();
  const forms = useForms();
  const titles = new Map((forms.data ?? []).map((form) => [form.id, form.title]));
  return (
    <Stack>
      <PageHeader
        title={t("Webhooks")}
        description={t("The webhooks of all the account's forms. Add one from a form's Webhooks tab.")}
      />
      <WebhookList webhooks={data} isPending={isPending} error={error} formTitles={titles} />
    </Stack>
  );
}
