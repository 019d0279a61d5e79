import type { TResultsColumns } from "@formloom/core/api/results-table";
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type Column = TResultsColumns["columns"][number];

/** The table's columns in the user's order: saved ones first, then any the form gained since. */
export function arrangeColumns(saved: Column[], available: string[]): Column[] {
  const known = new Set(available);
  const kept = saved.filter((column) => known.has(column.key));
  const placed = new Set(kept.map((column) => column.key));
  return [...kept, ...available.filter((key) => !placed.has(key)).map((key) => ({ key, visible: true }))];
}

/** Choose, order and size the results table's columns; saved for this user and form. */
export function ColumnSettings({
  opened,
  columns,
  labelOf,
  saving,
  onClose,
  onSave,
}: {
  opened: boolean;
  columns: Column[];
  labelOf(key: string): string;
  saving: boolean;
  onClose(): void;
  onSave(columns: Column[]): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("Table columns")} size="lg">
      {opened && (
        <ColumnList columns={columns} labelOf={labelOf} saving={saving} onClose={onClose} onSave={onSave} />
      )}
    </Modal>
  );
}

/** The list being edited: it starts from the saved columns each time the dialog opens. */
function ColumnList({
  columns,
  labelOf,
  saving,
  onClose,
  onSave,
}: {
  columns: Column[];
  labelOf(key: string): string;
  saving: boolean;
  onClose(): void;
  onSave(columns: Column[]): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(columns);
  const move = (index: number, by: number) =>
    setDraft((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const set = (index: number, patch: Partial<Column>) =>
    setDraft((list) => list.map((column, i) => (i === index ? { ...column, ...patch } : column)));

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("Choose the columns, their order and width. Saved for you on this form.")}
      </Text>
      <ScrollArea.Autosize mah="60vh">
        <Stack gap={4}>
          {draft.map((column, index) => {
            const label = labelOf(column.key);
            return (
              <Group key={column.key} gap="xs" wrap="nowrap" data-column={column.key}>
                <Checkbox
                  style={{ flex: 1, minWidth: 0 }}
                  label={label}
                  checked={column.visible}
                  onChange={(e) => set(index, { visible: e.currentTarget.checked })}
                />
                <NumberInput
                  w={96}
                  size="xs"
                  min={60}
                  max={800}
                  step={20}
                  placeholder={t("Auto")}
                  aria-label={t("Width of {{column}}", { column: label })}
                  value={column.width ?? ""}
                  onChange={(v) =>
                    set(index, { width: typeof v === "number" ? Math.min(800, Math.max(60, v)) : undefined })
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("Move {{column}} up", { column: label })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("Move {{column}} down", { column: label })}
                  disabled={index === draft.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button loading={saving} onClick={() => onSave(draft)}>
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
