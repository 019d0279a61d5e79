import { Alert, Button, Center, Code, Stack, Text, Title } from "@mantine/core";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** Shown when a page fails to draw: what happened, and a way back, instead of a blank screen. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={520}>
        <Title order={2}>{t("This page could not be shown")}</Title>
        <Text c="dimmed" ta="center">
          {t(
            "Something went wrong on our side. Your saved work is safe; try again, or go back to the dashboard.",
          )}
        </Text>
        {import.meta.env.DEV && (
          <Alert color="red" w="100%">
            <Code block>{error instanceof Error ? error.message : String(error)}</Code>
          </Alert>
        )}
        <Button.Group>
          <Button variant="default" onClick={reset}>
            {t("Try again")}
          </Button>
          <Button component="a" href="/">
            {t("Go to the dashboard")}
          </Button>
        </Button.Group>
      </Stack>
    </Center>
  );
}
