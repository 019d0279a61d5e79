import { samplePayload, webhookCurl } from "@formloom/core/api/webhook-presets";
import type { TWebhook } from "@formloom/core/api/webhooks";
import { IconTerminal2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../components/icon-action.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";

/**
 * Copies the webhook's request as a curl command with a sample body, to try the endpoint from a
 * terminal. Saved credentials never come back from the server, so they are placeholders.
 */
export function CopyCurlAction({ webhook, formTitle }: { webhook: TWebhook; formTitle: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard
      .writeText(webhookCurl(webhook, samplePayload(webhook.formId, formTitle, new Date())))
      .then(() => notifySuccess(msg("The curl command is copied")), notifyError);
  return (
    <IconAction
      label={t("Copy as curl")}
      ariaLabel={t("Copy {{name}} as curl", { name: webhook.title })}
      onClick={copy}
    >
      <IconTerminal2 size={16} />
    </IconAction>
  );
}
