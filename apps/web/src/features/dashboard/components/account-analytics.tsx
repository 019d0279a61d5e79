import { Grid, Group, Paper, Progress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useInViewport } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../components/bar-chart.tsx";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { addDays, useSubmissionDays } from "../api/get-submission-days.ts";
import { useDayFormat } from "../day-format.ts";

/** How far back the account's analytics look, today included. */
export const ANALYTICS_DAYS = 30;
const TOP_FORMS = 5;

/**
 * The account's submissions over the last 30 days across its forms: per day as a chart, and the
 * forms that got the most. The chart's library is fetched only once the chart is on screen, so
 * the dashboard's first paint never waits for it.
 */
export function AccountAnalytics({ today }: { today: string }) {
  const { t } = useTranslation();
  const format = useDayFormat();
  const from = addDays(today, -(ANALYTICS_DAYS - 1));
  const { data, isPending } = useSubmissionDays(from, today);
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);

  const counts = new Map((data?.days ?? []).map((day) => [day.date, day.count]));
  const perDay = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return { date: format.day(date), count: counts.get(date) ?? 0 };
  });
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const byForm = new Map<number, { formId: number; title: string; count: number }>();
  for (const day of data?.days ?? []) {
    for (const form of day.forms) {
      const entry = byForm.get(form.formId) ?? { ...form, count: 0 };
      entry.count += form.count;
      byForm.set(form.formId, entry);
    }
  }
  const top = [...byForm.values()]
    .sort((a, b) => b.count - a.count || a.formId - b.formId)
    .slice(0, TOP_FORMS);
  const most = top[0]?.count ?? 0;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="md" h="100%">
          <Stack gap="xs">
            <Group justify="space-between" align="baseline" wrap="wrap">
              <Title order={3} size="h4">
                {t("Submissions per day")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("Last {{days}} days: {{count}} submissions", { days: ANALYTICS_DAYS, count: total })}
              </Text>
            </Group>
            <div
              ref={ref}
              role="img"
              aria-label={t("Submissions per day over the last {{days}} days", { days: ANALYTICS_DAYS })}
            >
              {seen && !isPending ? (
                <BarChart
                  h={200}
                  data={perDay}
                  dataKey="date"
                  yAxisProps={{ allowDecimals: false }}
                  xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
                  series={[{ name: "count", label: t("Submissions"), color: "indigo.6" }]}
                />
              ) : (
                <Skeleton h={200} aria-hidden />
              )}
            </div>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" h="100%">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t("Top forms")}
            </Title>
            <Text size="xs" c="dimmed">
              {t("By submissions in the last {{days}} days", { days: ANALYTICS_DAYS })}
            </Text>
            {top.length === 0 ? (
              <Text size="sm" c="dimmed">
                {isPending ? "…" : t("No submissions yet.")}
              </Text>
            ) : (
              <Stack gap={8} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {top.map((form) => (
                  <li key={form.formId}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <AnchorLink to="/forms/$id/results" params={{ id: form.formId }} size="sm" truncate>
                        {form.title}
                      </AnchorLink>
                      <Text size="sm" fw={600}>
                        {format.number(form.count)}
                      </Text>
                    </Group>
                    <Progress value={most === 0 ? 0 : (form.count / most) * 100} size="sm" aria-hidden />
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
