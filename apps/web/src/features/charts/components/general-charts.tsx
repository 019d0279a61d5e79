import { Progress, SimpleGrid, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../components/bar-chart.tsx";
import { LineChart } from "../../../components/line-chart.tsx";
import { msg } from "../../../i18n/i18n.ts";
import type { ChartsData } from "../api/get-charts.ts";
import { useChartFormat } from "../chart-format.ts";
import { ChartCard, FiguresTable } from "./chart-card.tsx";

const DEVICE_LABELS = {
  desktop: msg("Desktop"),
  mobile: msg("Mobile"),
  tablet: msg("Tablet"),
  unknown: msg("Unknown"),
} as const;

function SubmissionsPerDay({ daily }: { daily: ChartsData["daily"] }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const days = daily?.days ?? [];
  return (
    <ChartCard
      title={t("Submissions per day")}
      testId="chart-daily"
      data={daily}
      headline={daily ? t("{{count}} submissions", { count: daily.total }) : undefined}
      chart={() => (
        <BarChart
          h={220}
          data={days.map((d) => ({ day: format.shortDay(d.date), count: d.count }))}
          dataKey="day"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: "count", label: t("Submissions"), color: "blue.6" }]}
        />
      )}
      table={() => (
        <FiguresTable
          caption={t("Submissions per day")}
          head={[t("Day"), t("Submissions")]}
          rows={days.map((d) => [format.day(d.date), d.count])}
        />
      )}
    />
  );
}

function TimeToFill({ time }: { time: ChartsData["time"] }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const bucket = (from: number, to: number | null) =>
    to === null
      ? t("{{from}} or more", { from: format.duration(from) })
      : `${format.duration(from)} – ${format.duration(to)}`;
  const rows = (time?.distribution ?? []).map((b) => ({
    label: bucket(b.fromSeconds, b.toSeconds),
    count: b.count,
  }));
  return (
    <ChartCard
      title={t("Time to fill")}
      testId="chart-time"
      data={time}
      empty={time?.count === 0}
      headline={
        time?.medianSeconds != null
          ? t("Median {{median}}, average {{average}}", {
              median: format.duration(time.medianSeconds),
              average: format.duration(time.averageSeconds ?? 0),
            })
          : undefined
      }
      chart={() => (
        <BarChart
          h={220}
          data={rows}
          dataKey="label"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: "count", label: t("Submissions"), color: "violet.6" }]}
        />
      )}
      table={() => (
        <FiguresTable
          caption={t("Time to fill")}
          head={[t("Time"), t("Submissions")]}
          rows={rows.map((row) => [row.label, row.count])}
        />
      )}
    />
  );
}

function Devices({ devices }: { devices: ChartsData["devices"] }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const rows = (devices?.items ?? []).map((item) => ({
    device: t(DEVICE_LABELS[item.device]),
    count: item.count,
  }));
  const share = (count: number) => (devices?.total ? Math.round((count / devices.total) * 1000) / 10 : 0);
  return (
    <ChartCard
      title={t("Devices")}
      testId="chart-devices"
      data={devices}
      empty={devices?.total === 0}
      chart={() => (
        <BarChart
          h={Math.max(120, rows.length * 44)}
          orientation="vertical"
          yAxisProps={{ width: 90 }}
          xAxisProps={{ allowDecimals: false }}
          data={rows}
          dataKey="device"
          series={[{ name: "count", label: t("Submissions"), color: "teal.6" }]}
        />
      )}
      table={() => (
        <FiguresTable
          caption={t("Devices")}
          head={[t("Device"), t("Submissions"), t("Share")]}
          rows={rows.map((row) => [row.device, row.count, format.percent(share(row.count))])}
        />
      )}
    />
  );
}

/** Countries as a table with a bar in each row: readable as it is, so it is its own alternative. */
function Countries({ countries }: { countries: ChartsData["countries"] }) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const items = countries?.items ?? [];
  const top = Math.max(1, ...items.map((item) => item.count));
  return (
    <ChartCard
      title={t("Countries")}
      testId="chart-countries"
      data={countries}
      empty={countries?.total === 0}
      chart={() => (
        <Table.ScrollContainer minWidth={240} mah={360}>
          <Table fz="sm" verticalSpacing={4}>
            <caption className="visually-hidden-caption">{t("Countries")}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Country")}</Table.Th>
                <Table.Th ta="right">{t("Submissions")}</Table.Th>
                <Table.Th w="45%">
                  <span className="visually-hidden-caption">{t("Share")}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.country ?? ""}>
                  <Table.Td>{item.country ? format.country(item.country) : t("Unknown")}</Table.Td>
                  <Table.Td ta="right">{format.number(item.count)}</Table.Td>
                  <Table.Td>
                    <Progress
                      value={(item.count / top) * 100}
                      aria-label={format.percent(
                        countries?.total ? Math.round((item.count / countries.total) * 1000) / 10 : 0,
                      )}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    />
  );
}

function SubmitRateOverTime({
  days,
  total,
}: {
  days: ChartsData["submitRateDays"];
  total: ChartsData["submitRate"];
}) {
  const { t } = useTranslation();
  const format = useChartFormat();
  const rows = days?.days ?? [];
  const viewed = rows.some((day) => day.views > 0);
  return (
    <ChartCard
      title={t("Submit rate over time")}
      testId="chart-submit-rate"
      data={days}
      empty={!viewed}
      emptyText={t("Nobody has opened the form in this period.")}
      headline={total ? format.percent(total.submitRate) : undefined}
      chart={() => (
        <LineChart
          h={220}
          data={rows.map((day) => ({ day: format.shortDay(day.date), rate: day.submitRate }))}
          dataKey="day"
          unit="%"
          connectNulls
          curveType="linear"
          series={[{ name: "rate", label: t("Submit rate"), color: "indigo.6" }]}
        />
      )}
      table={() => (
        <FiguresTable
          caption={t("Submit rate over time")}
          head={[t("Day"), t("Views"), t("Submissions"), t("Submit rate")]}
          rows={rows.map((day) => [
            format.day(day.date),
            day.views,
            day.submissions,
            format.percent(day.submitRate),
          ])}
        />
      )}
    />
  );
}

/** The charts of the submissions themselves: per day, time to fill, devices, countries, submit rate. */
export function GeneralCharts({ data }: { data: ChartsData }) {
  return (
    <>
      <SubmissionsPerDay daily={data.daily} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SubmitRateOverTime days={data.submitRateDays} total={data.submitRate} />
        <TimeToFill time={data.time} />
        <Devices devices={data.devices} />
        <Countries countries={data.countries} />
      </SimpleGrid>
    </>
  );
}
