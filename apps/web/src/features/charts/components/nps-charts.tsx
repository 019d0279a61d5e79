import { Paper, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../components/bar-chart.tsx";
import type { ChartsData } from "../api/get-charts.ts";
import { useChartFormat } from "../chart-format.ts";
import { ChartCard, FiguresTable } from "./chart-card.tsx";

/**
 * The NPS over time, each period's promoters, passives and detractors stacked, and how many gave
 * each score 0-10; the headline is the range's score.
 */
export function NpsCharts({ nps }: { nps: ChartsData["nps"] }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const periods = (nps?.periods ?? []).map((p) => ({
    period: format.shortDay(p.period),
    day: format.day(p.period),
    promoters: p.promoters,
    passives: p.passives,
    detractors: p.detractors,
    score: p.score,
  }));
  const groups = [
    { label: t("Promoters"), count: nps?.promoters ?? 0, color: "teal" },
    { label: t("Passives"), count: nps?.passives ?? 0, color: "gray" },
    { label: t("Detractors"), count: nps?.detractors ?? 0, color: "red" },
  ];
  const share = (count: number) => (nps?.total ? Math.round((count / nps.total) * 1000) / 10 : 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard
        title={nps ? `${t("NPS over time")}: ${nps.title}` : t("NPS over time")}
        testId="chart-nps"
        data={nps}
        empty={nps?.total === 0}
        headline={
          nps?.score !== null && nps
            ? t("NPS {{score}}", { score: format.number(nps.score ?? 0) })
            : undefined
        }
        chart={() => (
          <>
            <SimpleGrid cols={3} spacing="xs" mb="xs">
              {groups.map((group) => (
                <Paper key={group.label} p={6} bg={`var(--mantine-color-${group.color}-light)`}>
                  <Text size="xs">{group.label}</Text>
                  <Text fw={700} size="sm">
                    {format.number(group.count)} ({format.percent(share(group.count))})
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <BarChart
              h={220}
              type="stacked"
              withLegend
              data={periods}
              dataKey="period"
              yAxisProps={{ allowDecimals: false }}
              series={[
                { name: "promoters", label: t("Promoters"), color: "teal.6" },
                { name: "passives", label: t("Passives"), color: "gray.5" },
                { name: "detractors", label: t("Detractors"), color: "red.6" },
              ]}
            />
          </>
        )}
        table={() => (
          <FiguresTable
            caption={t("NPS over time")}
            head={[t("Period"), t("Promoters"), t("Passives"), t("Detractors"), t("NPS")]}
            rows={periods.map((p) => [
              p.day,
              p.promoters,
              p.passives,
              p.detractors,
              p.score === null ? "—" : format.number(p.score),
            ])}
          />
        )}
      />
      <ChartCard
        title={t("NPS scores")}
        testId="chart-nps-scores"
        data={nps}
        empty={nps?.total === 0}
        chart={() => (
          <BarChart
            h={220}
            data={(nps?.distribution ?? []).map((d) => ({ score: String(d.value), count: d.count }))}
            dataKey="score"
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: "count", label: t("Answers"), color: "blue.6" }]}
          />
        )}
        table={() => (
          <FiguresTable
            caption={t("NPS scores")}
            head={[t("Score"), t("Answers")]}
            rows={(nps?.distribution ?? []).map((d) => [String(d.value), d.count])}
          />
        )}
      />
    </SimpleGrid>
  );
}
