import { Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorText } from "../lib/error-text.ts";

interface Props {
  isPending: boolean;
  error: unknown;
  /** What to show when the data is there but there is none of it; false when there is. */
  empty: ReactNode;
  /** Drawn only once the data has arrived. */
  children: () => ReactNode;
}

/** A list's four states in one place: loading, failed, empty, and the list itself. */
export function QueryState({ isPending, error, empty, children }: Props) {
  if (isPending) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  if (error) {
    return (
      <Text c="red" p="md" role="alert">
        {errorText(error)}
      </Text>
    );
  }
  return empty ? empty : children();
}
