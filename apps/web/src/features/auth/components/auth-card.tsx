import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The centred card of the sign-in and registration pages. */
export function AuthCard({
  title,
  subtitle,
  width = 440,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** Wider for pages that are read rather than filled. */
  width?: number;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-0)" p="md">
      <Box w="100%" maw={width}>
        <Stack gap={4} mb="lg" align="center">
          <Text fw={800} size="xl" c="indigo">
            Formloom
          </Text>
          <Title order={2} ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" ta="center">
              {subtitle}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
