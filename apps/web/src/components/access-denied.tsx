import { Alert, Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { messageText } from "../i18n/i18n.ts";
import { ApiError } from "../lib/api-client.ts";

/** Whether a failed call means the caller may not use this page at all. */
export const isDenied = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** A page the user may not use: only the denial and the way back, no actions that would be refused. */
export function AccessDenied({ back }: { back: ReactNode }) {
  return (
    <Stack align="flex-start" gap="md">
      <Alert color="red" variant="light" icon={<IconLock size={18} />} role="alert" w="100%" maw={560}>
        {messageText("not_allowed")}
      </Alert>
      {back}
    </Stack>
  );
}
