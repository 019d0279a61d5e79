import { Button, Group, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text.ts";
import { useSendTestEvent } from "../api/webhooks.ts";

/**
 * "Send test event": one signed request to the endpoint now, so the author sees whether the
 * receiver takes it before any respondent submits. Its result is said here, not in the log.
 */
export function TestEvent({ formId, webhookId }: { formId: number; webhookId: number }) {
  const { t } = useTranslation();
  const send = useSendTestEvent(formId, webhookId);
  const result = send.data;
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconSend size={14} />}
        loading={send.isPending}
        onClick={() => send.mutate()}
      >
        {t("Send test event")}
      </Button>
      {send.error ? (
        <Text c="red" size="sm" role="alert">
          {errorText(send.error)}
        </Text>
      ) : result ? (
        <Text c={result.ok ? "green" : "red"} size="sm" role="status" data-testid="test-event-result">
          {result.ok
            ? t("Test event delivered: HTTP {{status}} in {{ms}} ms", {
                status: result.responseStatus,
                ms: result.durationMs,
              })
            : t("Test event not delivered: {{reason}}", {
                reason:
                  result.responseStatus !== null ? `HTTP ${result.responseStatus}` : (result.error ?? ""),
              })}
        </Text>
      ) : null}
    </Group>
  );
}
