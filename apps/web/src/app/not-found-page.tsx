import { Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../lib/router-links.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Text>{t("This page does not exist.")}</Text>
        <ButtonLink to="/" variant="light">
          {t("Go to the dashboard")}
        </ButtonLink>
      </Stack>
    </Center>
  );
}
