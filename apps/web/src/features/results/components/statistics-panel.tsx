import type { TFieldSummary, TNpsResult } from "@formloom/core/api/statistics";
import { Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../components/bar-chart.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { useAnswersSummary, useNps } from "../api/get-statistics.ts";
import { PerformingQuestions } from "./performing-questions.tsx";
import { SubmitRateCard } from "./submit-rate-card.tsx";

const share = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);

function NpsCard({ nps }: { nps: TNpsResult | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!nps) return null;
  if (nps.total === 0) {
    return (
      <Paper withBorder p="md">
        <Title order={3} size="h4">
          {t("NPS")}
        </Title>
        <Text c="dimmed">{t("No data found")}</Text>
      </Paper>
    );
  }
  const groups = [
    { label: t("Promoters"), count: nps.promoters, color: "teal" },
    { label: t("Passives"), count: nps.passives, color: "gray" },
    { label: t("Detractors"), count: nps.detractors, color: "red" },
  ];
  return (
    <Paper withBorder p="md" aria-label={t("NPS")}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4">
            {t("NPS")}: {nps.title}
          </Title>
          <Text size="xl" fw={700} data-testid="nps-score">
            {format.number(nps.score ?? 0)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {groups.map((group) => (
            <Paper key={group.label} p="xs" bg={`var(--mantine-color-${group.color}-light)`}>
              <Text size="sm">{group.label}</Text>
              <Text fw={700}>
                {format.number(group.count)} ({format.number(share(group.count, nps.total))}%)
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <BarChart
          h={180}
          data={nps.distribution.map((d) => ({ score: String(d.value), count: d.count }))}
          dataKey="score"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: "count", label: t("Answers"), color: "blue.6" }]}
        />
      </Stack>
    </Paper>
  );
}

function FieldCard({ field }: { field: TFieldSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  const body = (() => {
    if (field.answered === 0) return <Text c="dimmed">{t("No answers yet")}</Text>;
    if (field.choices) {
      return (
        <BarChart
          h={Math.max(120, field.choices.length * 36)}
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ allowDecimals: false }}
          data={field.choices.map((c) => ({ option: c.title, count: c.count }))}
          dataKey="option"
          series={[{ name: "count", label: t("Answers"), color: "blue.6" }]}
        />
      );
    }
    if (field.matrix) {
      return (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {field.matrix.columns.map((c) => (
                  <Table.Th key={c.id}>{c.title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {field.matrix.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.title}</Table.Td>
                  {field.matrix!.columns.map((c) => (
                    <Table.Td key={c.id}>{format.number(row.counts[c.id] ?? 0)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    }
    if (field.samples) {
      return (
        <List size="sm" spacing={4}>
          {field.samples.map((sample, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: samples may repeat and never move.
            <List.Item key={index}>{sample}</List.Item>
          ))}
        </List>
      );
    }
    return (
      <Stack gap="xs">
        {field.numeric && (
          <SimpleGrid cols={{ base: 2, xs: 4 }}>
            {(
              [
                [t("Minimum"), field.numeric.min],
                [t("Maximum"), field.numeric.max],
                [t("Mean"), field.numeric.mean],
                [t("Median"), field.numeric.median],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700}>{format.number(Math.round(value * 100) / 100)}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {field.distribution && field.kind !== "nps" && (
          <BarChart
            h={160}
            data={field.distribution.map((d) => ({ value: String(d.value), count: d.count }))}
            dataKey="value"
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: "count", label: t("Answers"), color: "blue.6" }]}
          />
        )}
      </Stack>
    );
  })();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Title order={3} size="h5">
            {field.title}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("Answered: {{answered}}", { answered: format.number(field.answered) })}
          </Text>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

/**
 * The results' statistics: the submit rate, the NPS card, how each question performs and each
 * question's summary, from the server's aggregates.
 */
export function StatisticsPanel({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const summary = useAnswersSummary(formId);
  const nps = useNps(formId);
  return (
    <QueryState
      isPending={summary.isPending}
      error={summary.error}
      empty={
        summary.data?.total === 0 && (
          <Stack>
            <SubmitRateCard formId={formId} />
            <Text c="dimmed">{t("No data found")}</Text>
          </Stack>
        )
      }
    >
      {() => (
        <Stack>
          <Text>{t("{{count}} submissions", { count: summary.data!.total })}</Text>
          <SubmitRateCard formId={formId} />
          <NpsCard nps={nps.data} />
          <PerformingQuestions formId={formId} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {summary.data!.fields.map((field) => (
              <FieldCard key={field.fieldId} field={field} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueryState>
  );
}
