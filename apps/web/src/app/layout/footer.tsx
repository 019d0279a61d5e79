import { Group, Text } from "@mantine/core";

const FIRST_YEAR = 2018;

export function Footer() {
  return (
    <Group h="100%" px="md" justify="center">
      <Text size="xs" c="dimmed">
        © {FIRST_YEAR}–{new Date().getFullYear()} Formloom
      </Text>
    </Group>
  );
}
