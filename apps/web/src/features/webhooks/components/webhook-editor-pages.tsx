import { Alert, Loader, Stack } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorPanel } from "../../../components/editor-panel.tsx";
import { errorText } from "../../../lib/error-text.ts";
import { notifyUnlessFieldErrors, saveAndTell } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { type TWebhookWithSecret, useCreateWebhook, useEditWebhook, useWebhook } from "../api/webhooks.ts";
import { DeliveryLog } from "./delivery-log.tsx";
import { SecretModal, SigningSecret } from "./signing-secret.tsx";
import { WebhookForm } from "./webhook-form.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");
const editRoute = getRouteApi("/layout/account/forms/$id/webhooks/$webhookId/edit");

function BackToWebhooks({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <BackLink to="/forms/$id/webhooks" params={{ id }}>
      {t("Webhooks")}
    </BackLink>
  );
}

/** :id/webhooks/add — the secret is shown once, then the webhook's own page opens. */
export function NewWebhookPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const navigate = useNavigate();
  const create = useCreateWebhook(id);
  const [created, setCreated] = useState<TWebhookWithSecret | null>(null);
  return (
    <>
      <EditorPanel back={<BackToWebhooks id={id} />} title={t("Add webhook")} maw={720}>
        <WebhookForm
          submitLabel={t("Create")}
          pending={create.isPending}
          serverError={create.error}
          onCancel={() => void navigate({ to: "/forms/$id/webhooks", params: { id } })}
          onSubmit={(body) =>
            create.mutate(body, { onSuccess: setCreated, onError: notifyUnlessFieldErrors })
          }
        />
      </EditorPanel>
      <SecretModal
        secret={created?.secret ?? null}
        onClose={() =>
          created &&
          void navigate({
            to: "/forms/$id/webhooks/$webhookId/edit",
            params: { id, webhookId: created.id },
          })
        }
      />
    </>
  );
}

/** :id/webhooks/:webhookId/edit — the settings, the signing secret, and the delivery log. */
export function EditWebhookPage() {
  const { t } = useTranslation();
  const { id, webhookId } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: webhook, error, isPending } = useWebhook(id, webhookId);
  const edit = useEditWebhook(id, webhookId);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <Stack>
      <EditorPanel
        back={<BackToWebhooks id={id} />}
        title={t("Edit {{name}}", { name: webhook.title })}
        maw={720}
      >
        <WebhookForm
          key={webhook.id}
          webhook={webhook}
          submitLabel={t("Save")}
          pending={edit.isPending}
          serverError={edit.error}
          onCancel={() => void navigate({ to: "/forms/$id/webhooks", params: { id } })}
          onSubmit={saveAndTell(edit)}
        />
      </EditorPanel>
      <SigningSecret formId={id} webhookId={webhookId} />
      <DeliveryLog formId={id} webhookId={webhookId} />
    </Stack>
  );
}
