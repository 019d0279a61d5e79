import { Group, Text } from "@mantine/core";

const FIRST_YEAR = 2018;

export function Footer() {
  return (
    <Group component="footer" pt="xl" justify="center">
      <Text size="xs" c="dimmed">
        © {FIRST_YEAR}–{new Date().getFullYear()} Formloom
      </Text>
    </Group>
  );
}
