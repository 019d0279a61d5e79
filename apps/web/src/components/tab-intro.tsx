import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** The top of a form's tab: a sentence on what the tab is for and, beside it, its main action. */
export function TabIntro({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 240 }}>
        {description}
      </Text>
      {action}
    </Group>
  );
}
