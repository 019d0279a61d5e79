import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A secret the server hands out only once (a token, a signing secret): why to store it, the value
 * with a copy button, and Done. Open while `value` is not null; a click outside does not close it.
 */
export function ShownOnceModal({
  value,
  title,
  explanation,
  testId,
  onClose,
}: {
  value: string | null;
  title: string;
  explanation: string;
  /** Lets the browser tests read the value. */
  testId: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={value !== null} onClose={onClose} title={title} closeOnClickOutside={false} size="lg">
      <Stack>
        <Text size="sm">{explanation}</Text>
        <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }} data-testid={testId}>
          {value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={value ?? ""}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? "teal" : "indigo"} onClick={copy}>
                {copied ? t("Copied") : t("Copy")}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t("Done")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
