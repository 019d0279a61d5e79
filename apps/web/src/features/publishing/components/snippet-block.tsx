import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A piece of code to paste elsewhere, with its label and a copy button. */
export function SnippetBlock({ label, hint, code }: { label: string; hint?: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? "teal" : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              aria-label={`${t("Copy")}: ${label}`}
            >
              {copied ? t("Copied") : t("Copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 320, overflow: "auto" }}
      >
        {code}
      </Code>
    </Stack>
  );
}
