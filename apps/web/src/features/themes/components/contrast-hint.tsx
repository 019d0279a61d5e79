import { checkContrast } from "@formloom/core/contrast";
import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A warning when a text colour falls below WCAG 2.1 AA on its background (4.5:1), with the
 * nearest colour that passes, to take in one click.
 */
export function ContrastHint({
  text,
  background,
  onUse,
}: {
  text: unknown;
  background: unknown;
  onUse(colour: string): void;
}) {
  const { t } = useTranslation();
  const check = checkContrast(text, background ?? "#ffffff");
  if (!check || check.passes || !check.suggestion) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          {t("Contrast {{ratio}}:1 is below {{required}}:1: hard to read for many people.", {
            ratio: check.ratio,
            required: check.required,
          })}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => onUse(check.suggestion as string)}>
          {t("Use {{colour}}", { colour: check.suggestion })}
        </Button>
      </Group>
    </Alert>
  );
}
