import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The public link of a form, with copy and open buttons. */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        value={url}
        readOnly
        aria-label={t("Public link")}
        style={{ flex: 1 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("Copied") : t("Copy link")}>
            <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t("Copy link")}>
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={t("Open the form")}>
        <ActionIcon
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          variant="light"
          size="lg"
          aria-label={t("Open the form")}
        >
          <IconExternalLink size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
