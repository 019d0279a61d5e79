import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { logout } from "../../../lib/api-client.ts";

/** The session was taken by a sign-in elsewhere: log out here, or stay on this page. */
export default function SessionEndedDialog({ onStay }: { onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t("Your session has ended")}
      centered
    >
      <Stack>
        <Text size="sm">
          {t(
            "You signed in on another device. Use the log out button in the top menu to sign out here, or stay on this page.",
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            {t("Stay here")}
          </Button>
          <Button color="red" onClick={logout}>
            {t("Log out")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
