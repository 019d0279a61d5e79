import { Alert, Button, CloseButton, Group, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { unwrap } from "../../../lib/api-client.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { client } from "../../../lib/typed-client.ts";
import { useUser } from "../api/get-user.ts";

/** Closing the banner hides it until the browser is closed; the user menu keeps the reminder. */
const DISMISSED = "formloom.confirmEmailDismissed";

/** Mails the confirmation link again, and says where it went. */
export function useResendConfirmation() {
  const { data: user } = useUser();
  return useMutation({
    mutationFn: () => unwrap(client.POST("/api/email-confirm/resend")),
    onSuccess: () => notifySuccess(msg("The link is on its way to {{email}}."), { email: user?.email }),
    onError: notifyError,
  });
}

/** Reminds a user whose address is not confirmed yet, with a way to get the link again. */
export function ConfirmEmailNotice() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const resend = useResendConfirmation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === "true");
  if (!user || user.emailConfirmed || dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, "true");
    setDismissed(true);
  };
  return (
    <Alert color="yellow" styles={{ body: { minWidth: 0 } }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group wrap="wrap" gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" style={{ flex: "1 1 240px", overflowWrap: "anywhere" }}>
            {t("Please confirm your e-mail address {{email}} with the link we sent.", { email: user.email })}
          </Text>
          <Button
            size="xs"
            h={{ base: 44, sm: 30 }}
            variant="white"
            color="yellow"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            disabled={resend.isSuccess}
          >
            {t("Send the link again")}
          </Button>
        </Group>
        <CloseButton
          size="xl"
          mt={-4}
          mr={-8}
          onClick={dismiss}
          aria-label={t("Hide this reminder")}
          title={t("Hide this reminder")}
        />
      </Group>
    </Alert>
  );
}
