import { Box, Paper, Table, Text } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { QueryState } from "./query-state.tsx";

export interface ListColumn<Row> {
  /** The header, already translated; none for a column of row actions. */
  title?: string;
  cell(row: Row): ReactNode;
  /** Below this width the column is dropped, so a phone never scrolls a list sideways… */
  visibleFrom?: "sm" | "md";
  /** …and with this its content moves under the first column's that stays, instead of going away. */
  underFirstWhenHidden?: boolean;
  width?: number;
  /** How a long value breaks: anywhere (names, addresses), or not at all (dates). */
  wrap?: "anywhere" | "never";
}

interface Props<Row> {
  rows: readonly Row[] | undefined;
  isPending: boolean;
  error: unknown;
  /** Shown when there are no rows: a sentence, or a node with a way forward. */
  empty: ReactNode;
  /** The rows alone decide `Row`; `false` leaves out a column the reader may not use. */
  columns: ReadonlyArray<ListColumn<NoInfer<Row>> | false>;
  rowKey(row: NoInfer<Row>): string | number;
  highlightOnHover?: boolean;
  /** Inside the border, above the rows: search and the like. */
  toolbar?: ReactNode;
  /** Inside the border, below the rows: paging. */
  footer?: ReactNode;
}

const WRAP: Record<NonNullable<ListColumn<unknown>["wrap"]>, CSSProperties> = {
  anywhere: { overflowWrap: "anywhere" },
  never: { whiteSpace: "nowrap" },
};

/**
 * A bordered list of records with its loading, failed and empty states. Secondary columns give
 * way on narrow screens instead of cutting the table off.
 */
export function ListTable<Row>({
  rows,
  isPending,
  error,
  empty,
  columns,
  rowKey,
  highlightOnHover,
  toolbar,
  footer,
}: Props<Row>) {
  const shown = columns.filter((column): column is ListColumn<Row> => column !== false);
  // Moved content goes under the first column a phone shows.
  const first = shown.find((column) => !column.visibleFrom);
  const moved = shown.filter((column) => column.visibleFrom && column.underFirstWhenHidden);
  return (
    <Paper withBorder>
      {toolbar}
      <QueryState
        isPending={isPending}
        error={error}
        empty={
          rows?.length === 0 &&
          (typeof empty === "string" ? (
            <Text c="dimmed" ta="center" p="xl">
              {empty}
            </Text>
          ) : (
            empty
          ))
        }
      >
        {() => (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm" highlightOnHover={highlightOnHover}>
              <Table.Thead>
                <Table.Tr>
                  {shown.map((column, index) => (
                    <Table.Th key={column.title ?? index} visibleFrom={column.visibleFrom} w={column.width}>
                      {column.title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rows ?? []).map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {shown.map((column, index) => (
                      <Table.Td
                        key={column.title ?? index}
                        visibleFrom={column.visibleFrom}
                        style={column.wrap && WRAP[column.wrap]}
                      >
                        {column.cell(row)}
                        {column === first &&
                          moved.map((other) => (
                            <Box key={other.title} hiddenFrom={other.visibleFrom} mt={4} fz="xs" c="dimmed">
                              {other.cell(row)}
                            </Box>
                          ))}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {footer}
    </Paper>
  );
}
