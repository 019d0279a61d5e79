import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";

/** A chart's figures as a table: its alternative for screen readers, and for anyone who asks. */
export function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={240}>
      <Table striped withTableBorder fz="sm" className="figures-table">
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move.
                <Table.Td key={index}>{typeof cell === "number" ? format.number(cell) : cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface Props {
  title: string;
  testId: string;
  /** The figures: undefined while they come, null where the server has none. */
  data: unknown;
  /** True when the figures are there but hold nothing to draw. */
  empty?: boolean;
  /** The one number that sums the chart up, above it. */
  headline?: ReactNode;
  chart: () => ReactNode;
  /** The same figures as a table; drawn hidden under the chart for screen readers, shown on request. */
  table?: () => ReactNode;
  emptyText?: string;
}

/**
 * One chart with its title and its table alternative: screen readers read the table, the chart
 * itself is hidden from them; a button swaps the chart for the table for everyone.
 */
export function ChartCard({ title, testId, data, empty, headline, chart, table, emptyText }: Props) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const loading = data === undefined;
  const none = data === null || empty === true;
  const body = () => {
    if (loading) return <Skeleton h={180} aria-hidden />;
    if (none)
      return (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {emptyText ?? t("No data for this period")}
        </Text>
      );
    if (!table) return chart();
    if (asTable) return table();
    return (
      <>
        <div aria-hidden="true" className="chart-drawing">
          {chart()}
        </div>
        <VisuallyHidden>{table()}</VisuallyHidden>
      </>
    );
  };
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={id}
      className="chart-card"
      data-testid={testId}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={id} style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {table && !loading && !none && (
            <Button
              variant="subtle"
              size="compact-xs"
              className="chart-toggle"
              style={{ flexShrink: 0 }}
              aria-pressed={asTable}
              onClick={() => setAsTable((shown) => !shown)}
            >
              {asTable ? t("Show chart") : t("Show table")}
            </Button>
          )}
        </Group>
        {headline !== undefined && !loading && !none && (
          <Text fw={700} size="lg" data-testid={`${testId}-headline`}>
            {headline}
          </Text>
        )}
        {body()}
      </Stack>
    </Paper>
  );
}
