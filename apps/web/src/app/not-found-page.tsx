import { Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { msg } from "../i18n/i18n.ts";
import { ButtonLink } from "../lib/router-links.tsx";

/** A page the app cannot show: its status, why (a catalog key), and the way back. */
function StatusPage({ status, reason }: { status: number; reason: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} c="dimmed">
          {status}
        </Title>
        <Text>{t(reason)}</Text>
        <ButtonLink to="/" variant="light">
          {t("Go to the dashboard")}
        </ButtonLink>
      </Stack>
    </Center>
  );
}

export const NotFoundPage = () => <StatusPage status={404} reason={msg("This page does not exist.")} />;

/** /403: where the app sends a navigation it refuses (platform.md §2, §8). */
export const ForbiddenPage = () => (
  <StatusPage status={403} reason={msg("You have no access to this page.")} />
);
