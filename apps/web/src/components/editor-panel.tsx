import { Paper, Stack, Title, type TitleOrder } from "@mantine/core";
import type { ReactNode } from "react";

/** A record's add or edit page: the way back, the heading, and the form, in a bordered panel. */
export function EditorPanel({
  back,
  title,
  titleOrder = 3,
  maw,
  children,
}: {
  back: ReactNode;
  /** Already translated; a long record name breaks anywhere rather than widening the page. */
  title: string;
  /** 2 when the panel is the page's only heading, 3 under a page header or tabs. */
  titleOrder?: TitleOrder;
  maw: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} maw={maw}>
      <Stack>
        {back}
        <Title order={titleOrder} style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
