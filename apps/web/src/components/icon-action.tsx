import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  /** Shown on hover and read by screen readers. */
  label: string;
  /** A longer name for assistive technology when the label alone is ambiguous ("Delete Sales"). */
  ariaLabel?: string;
  color?: "gray" | "red";
  size?: "sm" | "md";
  disabled?: boolean;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  children: ReactNode;
}

/** An icon-only button: always with a tooltip and an accessible name. */
export function IconAction({
  label,
  ariaLabel,
  color = "gray",
  size = "md",
  disabled,
  onClick,
  children,
}: Props) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        size={size}
        disabled={disabled}
        aria-label={ariaLabel ?? label}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A record's two usual actions, named after it for screen readers ("Delete Sales"). */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <IconAction label={t("Edit")} ariaLabel={t("Edit {{name}}", { name })} onClick={onEdit}>
        <IconEdit size={16} />
      </IconAction>
      <IconAction
        label={t("Delete")}
        ariaLabel={t("Delete {{name}}", { name })}
        color="red"
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </IconAction>
    </Group>
  );
}
