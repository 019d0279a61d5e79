import { Group, Paper, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";

/** The dashboard's popular actions, each only for those allowed to take it. */
export function PopularActions({ latestFormId }: { latestFormId: number | undefined }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Paper withBorder p="md" data-tour="popular-actions">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={8} component="h3" m={0}>
        {t("Popular actions")}
      </Text>
      <Group gap="xs" mt={8}>
        {can("forms.create") && (
          <ButtonLink size="sm" to="/forms/add_new" leftSection={<IconPlus size={16} />}>
            {t("Create form")}
          </ButtonLink>
        )}
        {can("forms.create") && (
          <ButtonLink size="sm" variant="light" to="/templates/forms">
            {t("Templates")}
          </ButtonLink>
        )}
        {latestFormId !== undefined && can("results.view") && (
          <ButtonLink size="sm" variant="light" to="/forms/$id/results" params={{ id: latestFormId }}>
            {t("Latest results")}
          </ButtonLink>
        )}
        <ButtonLink size="sm" variant="light" to="/forms/all">
          {t("All forms")}
        </ButtonLink>
        {can("users.view") && (
          <ButtonLink size="sm" variant="light" to="/users/all">
            {t("Users")}
          </ButtonLink>
        )}
      </Group>
    </Paper>
  );
}
