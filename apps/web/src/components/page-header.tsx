import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  title: ReactNode;
  /** Buttons on the title's line, such as the page's main action. */
  actions?: ReactNode;
  /** A sentence under the title saying what the page is for. */
  description?: ReactNode;
}

/** A page's title with its actions beside it and, optionally, a line of explanation. */
export function PageHeader({ title, actions, description }: Props) {
  return (
    <>
      <Group justify="space-between">
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </>
  );
}
