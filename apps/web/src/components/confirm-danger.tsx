import { Text } from "@mantine/core";
import i18n from "../i18n/i18n.ts";
import { openConfirmModal } from "../lib/confirm-modal.ts";

/** Asks before what cannot be undone: one sentence, a red confirm button (Delete unless named) and Cancel. */
export function confirmDanger({
  title,
  message,
  confirmLabel,
  onConfirm,
}: {
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm(): void;
}): void {
  openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel ?? i18n.t("Delete"), cancel: i18n.t("Cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
