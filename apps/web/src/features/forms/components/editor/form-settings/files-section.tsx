import { ActionIcon, Anchor, Group, Stack, Text } from "@mantine/core";
import { IconArrowBackUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "./format-bytes.ts";
import type { SectionProps } from "./types.ts";

/**
 * The files attached to the form. A removed file is marked deleted (forms.md §3: isDeleted) until the
 * form is saved, so the removal can be taken back.
 */
export function FilesSection({ settings, onChange }: SectionProps) {
  const { t } = useTranslation();
  const files = settings.formFiles;
  const toggle = (index: number) =>
    onChange({
      formFiles: files.map((entry, at) => (at === index ? { ...entry, isDeleted: !entry.isDeleted } : entry)),
    });
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("This form has no files. Files come with an imported form or from its file elements.")}
      </Text>
    );
  return (
    <Stack gap="xs">
      {files.map((entry, index) => (
        <Group key={entry.file.url} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              href={entry.file.url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              td={entry.isDeleted ? "line-through" : undefined}
              truncate
            >
              {entry.file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatBytes(entry.file.size)}
              {entry.isDeleted ? ` · ${t("removed when you save")}` : ""}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color={entry.isDeleted ? "gray" : "red"}
            aria-label={
              entry.isDeleted
                ? t("Keep {{name}}", { name: entry.file.name })
                : t("Remove {{name}}", { name: entry.file.name })
            }
            onClick={() => toggle(index)}
          >
            {entry.isDeleted ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
