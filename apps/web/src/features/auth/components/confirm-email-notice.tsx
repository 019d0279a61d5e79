import { Alert, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useUser } from "../api/get-user.ts";

/** Reminds a user whose address is not confirmed yet, with a way to get the link again. */
export function ConfirmEmailNotice() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const resend = useMutation({
    mutationFn: () => api("POST", "/email-confirm/resend"),
    onSuccess: () =>
      notifications.show({
        color: "green",
        message: t("The link is on its way to {{email}}.", { email: user?.email }),
      }),
    onError: notifyError,
  });
  if (!user || user.emailConfirmed) return null;
  return (
    <Alert color="yellow">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {t("Please confirm your e-mail address {{email}} with the link we sent.", { email: user.email })}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="yellow"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          disabled={resend.isSuccess}
        >
          {t("Send the link again")}
        </Button>
      </Group>
    </Alert>
  );
}
