import { ActionIcon, Tooltip } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";

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
