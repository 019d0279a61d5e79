import type { TFieldSummary } from "@formloom/core/api/statistics";
import { List, SimpleGrid, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../components/bar-chart.tsx";
import { FileAnswers } from "../../results/components/file-answers.tsx";
import type { ChartsData } from "../api/get-charts.ts";
import { useChartFormat } from "../chart-format.ts";
import { ChartCard, FiguresTable } from "./chart-card.tsx";

/** A matrix question as a heat grid: each cell's count, its colour deeper the more answers it has. */
function HeatGrid({ matrix }: { matrix: NonNullable<TFieldSummary["matrix"]> }) {
  const format = useChartFormat();
  const top = Math.max(1, ...matrix.rows.flatMap((row) => Object.values(row.counts)));
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table withTableBorder withColumnBorders fz="sm" className="heat-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Td />
            {matrix.columns.map((column) => (
              <Table.Th key={column.id} ta="center">
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">{row.title}</Table.Th>
              {matrix.columns.map((column) => {
                const count = row.counts[column.id] ?? 0;
                const depth = count / top;
                return (
                  <Table.Td
                    key={column.id}
                    ta="center"
                    style={{
                      background: `rgba(34, 139, 230, ${(0.08 + depth * 0.82).toFixed(2)})`,
                      color: depth > 0.55 ? "white" : undefined,
                      fontWeight: 600,
                    }}
                  >
                    {format.number(count)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];
type ChartFormat = ReturnType<typeof useChartFormat>;

/** What a question's card draws: its chart, the same figures as a table, and figures said after its count. */
interface QuestionFigures {
  chart: () => ReactNode;
  table?: () => ReactNode;
  said?: string;
}

/** The chart that suits the question's answers: choice bars, a heat grid, a distribution, figures, or samples. */
function questionFigures(field: TFieldSummary, t: Translate, format: ChartFormat): QuestionFigures {
  if (field.choices) {
    // A decision box's one bar says "Yes" in the reader's language.
    const choices =
      field.fieldType === "decisionBox"
        ? field.choices.map((choice) => ({ ...choice, title: t("Yes") }))
        : field.choices;
    return {
      chart: () => (
        <BarChart
          h={Math.max(120, choices.length * 36)}
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ allowDecimals: false }}
          data={choices.map((c) => ({ option: c.title, count: c.count }))}
          dataKey="option"
          series={[{ name: "count", label: t("Answers"), color: "blue.6" }]}
        />
      ),
      table: () => (
        <FiguresTable
          caption={field.title}
          head={[t("Option"), t("Answers"), t("Share")]}
          rows={choices.map((c) => [c.title, c.count, format.percent(c.percent)])}
        />
      ),
    };
  }
  if (field.matrix) {
    const matrix = field.matrix;
    return { chart: () => <HeatGrid matrix={matrix} /> };
  }
  if (field.ranking) {
    const ranking = field.ranking;
    const places = ranking[0]?.positions.length ?? 0;
    return {
      said: ` · ${t("Best placed first; 1 is the first place")}`,
      chart: () => (
        <BarChart
          h={Math.max(120, ranking.length * 36)}
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ domain: [0, Math.max(1, places)] }}
          data={ranking.map((item) => ({ item: item.title, average: item.averagePosition ?? 0 }))}
          dataKey="item"
          series={[{ name: "average", label: t("Average place"), color: "teal.6" }]}
        />
      ),
      table: () => (
        <FiguresTable
          caption={field.title}
          head={[
            t("Item"),
            t("Average place"),
            ...Array.from({ length: places }, (_, index) => t("Place {{place}}", { place: index + 1 })),
          ]}
          rows={ranking.map((item) => [
            item.title,
            item.averagePosition === null ? "—" : format.number(item.averagePosition),
            ...item.positions,
          ])}
        />
      ),
    };
  }
  const numeric = field.numeric;
  const mean = numeric ? Math.round(numeric.mean * 100) / 100 : 0;
  if (field.distribution && field.distribution.length > 0) {
    const distribution = field.distribution;
    return {
      said: numeric
        ? ` · ${t("Mean")}: ${format.number(mean)} · ${t("Median")}: ${format.number(numeric.median)}`
        : undefined,
      chart: () => (
        <BarChart
          h={180}
          data={distribution.map((d) => ({ value: String(d.value), count: d.count }))}
          dataKey="value"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: "count", label: t("Answers"), color: "grape.6" }]}
        />
      ),
      table: () => (
        <FiguresTable
          caption={field.title}
          head={[t("Value"), t("Answers"), t("Share")]}
          rows={distribution.map((d) => [String(d.value), d.count, format.percent(d.percent)])}
        />
      ),
    };
  }
  if (numeric) {
    const stats: Array<[string, number]> = [
      [t("Minimum"), numeric.min],
      [t("Maximum"), numeric.max],
      [t("Mean"), mean],
      [t("Median"), numeric.median],
    ];
    return {
      chart: () => (
        <FiguresTable
          caption={field.title}
          head={stats.map(([label]) => label)}
          rows={[stats.map(([, value]) => value)]}
        />
      ),
    };
  }
  return {
    chart: () =>
      field.sampleFiles && field.sampleFiles.length > 0 ? (
        // An upload question's files are shown and downloaded as in a single result.
        <List size="sm" spacing="xs">
          {field.sampleFiles.map((files, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: samples may repeat and never move.
            <List.Item key={index}>
              <FileAnswers files={files} />
            </List.Item>
          ))}
        </List>
      ) : field.samples && field.samples.length > 0 ? (
        <List size="sm" spacing={4}>
          {field.samples.map((sample, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: samples may repeat and never move.
            <List.Item key={index}>
              <span className="chart-sample">{sample}</span>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t("Written answers are not charted.")}
        </Text>
      ),
  };
}

/** One question's card: how many answered it, above the chart its answers suit. */
function QuestionChart({ field }: { field: TFieldSummary }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const figures = questionFigures(field, t, format);
  return (
    <ChartCard
      title={field.title}
      testId={`question-${field.fieldId}`}
      data={field}
      empty={field.answered === 0}
      emptyText={t("No answers yet")}
      headline={
        <Text size="sm" c="dimmed" fw={400}>
          {t("Answered: {{answered}}", { answered: format.number(field.answered) })}
          {figures.said ?? ""}
        </Text>
      }
      chart={figures.chart}
      {...(figures.table ? { table: figures.table } : {})}
    />
  );
}

/** A chart for each question where looking beats reading: choices, scales, matrices. */
export function QuestionCharts({ summary }: { summary: ChartsData["summary"] }) {
  const { t } = useTranslation();
  if (summary === undefined) return null;
  if (summary === null || summary.fields.length === 0)
    return (
      <Text c="dimmed" data-testid="questions-empty">
        {t("No data for this period")}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {summary.fields.map((field) => (
        <QuestionChart key={field.fieldId} field={field} />
      ))}
    </SimpleGrid>
  );
}
