import { Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../lib/router-links.tsx";

/** /403: where the app sends a navigation it refuses (platform.md §2, §8). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} c="dimmed">
          403
        </Title>
        <Text>{t("You have no access to this page.")}</Text>
        <ButtonLink to="/" variant="light">
          {t("Go to the dashboard")}
        </ButtonLink>
      </Stack>
    </Center>
  );
}
