import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { ShownOnceModal } from "../../../components/shown-once-modal.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { useRotateSecret } from "../api/webhooks.ts";

/** The signing secret, shown once after it is made. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceModal
      value={secret}
      title={t("Copy the signing secret now")}
      explanation={t(
        "Every request carries a signature made with this secret (Standard Webhooks). Store it where your receiver can check signatures; it is not shown again.",
      )}
      testId="webhook-secret"
      onClose={onClose}
    />
  );
}

/** A webhook's own page: a new signing secret, shown once, with the old one kept for a day. */
export function SigningSecret({ formId, webhookId }: { formId: number; webhookId: number }) {
  const { t } = useTranslation();
  const rotate = useRotateSecret(formId, webhookId);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} maw={720}>
      <Stack gap="sm">
        <Title order={3}>{t("Signing secret")}</Title>
        <Text size="sm" c="dimmed">
          {t(
            "The secret was shown once, when the webhook was made. A new one replaces it; for 24 hours requests carry signatures by both, so the receiver can switch over.",
          )}
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={rotate.isPending}
            onClick={() =>
              confirmDanger({
                title: t("Rotate the signing secret?"),
                message: t("The current secret stops being used in 24 hours."),
                confirmLabel: t("Rotate"),
                onConfirm: () =>
                  rotate.mutate(undefined, {
                    onSuccess: (rotated) => setSecret(rotated.secret),
                    onError: notifyError,
                  }),
              })
            }
          >
            {t("Rotate secret")}
          </Button>
        </Group>
      </Stack>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
}
