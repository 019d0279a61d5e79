import { Group, Paper, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import type { DateRange } from "../../charts/date-range.ts";
import { type PerformingSort, usePerformingQuestions } from "../api/get-funnel.ts";
import { usePercent } from "./submit-rate-card.tsx";

const COLUMNS = [
  { by: "order", label: msg("Question") },
  { by: "answered", label: msg("Answered") },
  { by: "answer_rate", label: msg("Answer rate") },
  { by: "skip_rate", label: msg("Skip rate") },
  { by: "average_time", label: msg("Average time") },
] as const;

/** Seconds with one decimal, as the reader's language writes them; a dash where nothing was measured. */
export function useSeconds(): (seconds: number | null) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (seconds) => (seconds === null ? "—" : t("{{seconds}} s", { seconds: format.number(seconds) }));
}

/**
 * How each question fares over the page's range of days: answered, answer and skip rates and the
 * time it held the focus; sorted by the server.
 */
export function PerformingQuestions({ formId, range }: { formId: number; range: DateRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = usePercent();
  const seconds = useSeconds();
  const [sort, setSort] = useState<PerformingSort>({ by: "order", order: "asc" });
  const { data } = usePerformingQuestions(formId, range, sort);
  if (!data) return null;
  const toggle = (by: PerformingSort["by"]) =>
    setSort((now) => ({
      by,
      order: now.by === by ? (now.order === "asc" ? "desc" : "asc") : by === "order" ? "asc" : "desc",
    }));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("Performing questions")}
        </Title>
        {data.total === 0 ? (
          <Text c="dimmed">{t("No answers yet")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t("Performing questions")}>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th
                      key={column.by}
                      aria-sort={
                        sort.by === column.by ? (sort.order === "asc" ? "ascending" : "descending") : "none"
                      }
                    >
                      <UnstyledButton
                        onClick={() => toggle(column.by)}
                        aria-label={t("Sort by {{column}}", { column: t(column.label) })}
                      >
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm" fw={700}>
                            {t(column.label)}
                          </Text>
                          {sort.by === column.by &&
                            (sort.order === "desc" ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />)}
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.questions.map((question) => (
                  <Table.Tr key={question.fieldId} data-field={question.fieldId}>
                    <Table.Td>{question.title}</Table.Td>
                    <Table.Td>
                      {question.shown < data.total
                        ? t("{{answered}} of {{shown}} shown", {
                            answered: format.number(question.answered),
                            shown: format.number(question.shown),
                          })
                        : format.number(question.answered)}
                    </Table.Td>
                    <Table.Td>{percent(question.answerRate)}</Table.Td>
                    <Table.Td>{percent(question.skipRate)}</Table.Td>
                    <Table.Td>{seconds(question.averageTime)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
