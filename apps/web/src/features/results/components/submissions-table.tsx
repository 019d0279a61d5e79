import type { TAnswerView } from "@formloom/core/api/answers";
import type { TElement } from "@formloom/core/element-schema";
import { shownScore } from "@formloom/core/shown-score";
import { Badge, Checkbox, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import type { AnswerPageParams } from "../api/get-answers.ts";
import { resultText } from "./answer-view.tsx";
import type { Column } from "./column-settings.tsx";

const DEFAULT_WIDTHS: Record<string, number> = {
  number: 80,
  submitTime: 170,
  formPassingTime: 110,
  score: 90,
  result: 130,
  tags: 150,
  status: 110,
};

type SortBy = AnswerPageParams["sortBy"];
type Order = AnswerPageParams["order"];

/**
 * The submissions of one page of the results table: a row each, unread ones in bold, a box to
 * select it, and the chosen columns in the chosen order; a click on a row opens it, on a sortable
 * header sorts by it.
 */
export function SubmissionsTable({
  rows,
  columns,
  fields,
  labelOf,
  sort,
  onSort,
  selected,
  onSelect,
  onOpen,
}: {
  rows: TAnswerView[];
  /** The columns shown, in the order drawn. */
  columns: Column[];
  /** The questions the reader may see, which give the answer columns. */
  fields: TElement[];
  labelOf: (key: string) => string;
  sort: { by: SortBy; order: Order; keys: Record<string, SortBy> };
  onSort: (by: SortBy, order: Order) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen: (answer: TAnswerView) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  // With any width set the table lays out by widths, so the others get theirs from their content's kind.
  const sized = columns.some((column) => column.width);
  const widthOf = (column: Column) => column.width ?? DEFAULT_WIDTHS[column.key] ?? 180;

  const cell = (answer: TAnswerView, column: Column) => {
    switch (column.key) {
      case "number":
        return answer.number ?? answer.id;
      case "submitTime":
        return format.dateTime(answer.submitTime);
      case "stoppedAt": {
        const stopped = fields.find((f) => f.id === answer.partial?.stoppedAt);
        return stopped ? stopped.question || stopped.title || stopped.id : "—";
      }
      case "formPassingTime":
        return answer.formPassingTime === null ? "—" : format.duration(answer.formPassingTime);
      case "score":
        return answer.score === null ? "—" : shownScore(answer.score);
      case "result":
        return resultText(answer.result, t) || "—";
      case "tags":
        return (
          <Group gap={4}>
            {(answer.tags ?? []).map((tag) => (
              <Badge key={tag} size="sm" variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        );
      case "status":
        return (
          <Badge size="sm" variant="light" color={answer.isViewed ? "gray" : "blue"}>
            {answer.isViewed ? t("Read") : t("Unread")}
          </Badge>
        );
      default: {
        const field = fields.find((f) => f.id === column.key);
        const given = answer.answers.find((a) => a.fieldId === column.key);
        return (
          <Text size="sm" lineClamp={2} fw="inherit">
            {field && given ? format.answer(field, given.answer) : ""}
          </Text>
        );
      }
    }
  };

  const sortHeader = (label: string, key: AnswerPageParams["sortBy"]) => (
    <UnstyledButton
      onClick={() => onSort(key, sort.by === key && sort.order === "desc" ? "asc" : "desc")}
      aria-label={t("Sort by {{column}}", { column: label })}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700} lineClamp={2}>
          {label}
        </Text>
        {sort.by === key && (sort.order === "desc" ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />)}
      </Group>
    </UnstyledButton>
  );

  return (
    <Table.ScrollContainer minWidth={Math.max(640, 40 + columns.reduce((sum, c) => sum + widthOf(c), 0))}>
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label={t("Submissions")}
        style={{ tableLayout: sized ? "fixed" : undefined }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t("Select all")}
                checked={allSelected}
                indeterminate={!allSelected && selected.length > 0}
                onChange={() => onSelect(allSelected ? [] : rows.map((r) => r.id))}
              />
            </Table.Th>
            {columns.map((column) => {
              const sortKey = sort.keys[column.key];
              return (
                <Table.Th
                  key={column.key}
                  data-column={column.key}
                  // Screen readers say which column the rows are sorted by, and which way.
                  aria-sort={
                    sortKey && sort.by === sortKey
                      ? sort.order === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                  style={{
                    width: sized ? widthOf(column) : undefined,
                    maxWidth: sized ? undefined : 240,
                  }}
                >
                  {sortKey ? (
                    sortHeader(labelOf(column.key), sortKey)
                  ) : (
                    <Text size="sm" fw={700} lineClamp={2}>
                      {labelOf(column.key)}
                    </Text>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((answer) => (
            <Table.Tr
              key={answer.id}
              onClick={() => onOpen(answer)}
              // Reached by Tab and opened by Enter, as by a click: a keyboard opens submissions too.
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
                e.preventDefault();
                onOpen(answer);
              }}
              aria-label={t("Open submission {{id}}", { id: answer.number ?? answer.id })}
              style={{ cursor: "pointer", fontWeight: answer.isViewed ? undefined : 600 }}
              data-unread={!answer.isViewed || undefined}
              data-number={answer.number ?? undefined}
            >
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  aria-label={t("Select submission {{id}}", { id: answer.number ?? answer.id })}
                  checked={selected.includes(answer.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    onSelect(on ? [...selected, answer.id] : selected.filter((x) => x !== answer.id));
                  }}
                />
              </Table.Td>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  style={{
                    maxWidth: sized ? undefined : 240,
                    whiteSpace:
                      column.key === "submitTime" || column.key === "formPassingTime" ? "nowrap" : undefined,
                    overflow: "hidden",
                  }}
                >
                  {cell(answer, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
