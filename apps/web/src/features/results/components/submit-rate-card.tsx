import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import type { DateRange } from "../../charts/date-range.ts";
import { useSubmitRate } from "../api/get-funnel.ts";

/** A share as the reader's language writes it, or a dash where there was nothing to divide by. */
export function usePercent(): (value: number | null) => string {
  const format = useFormat();
  return (value) => (value === null ? "—" : `${format.number(value)}%`);
}

/**
 * The form's funnel over the page's range of days: how many opened its page, began filling it and
 * sent it, each step with its share of the views.
 */
export function SubmitRateCard({ formId, range }: { formId: number; range: DateRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = usePercent();
  const { data } = useSubmitRate(formId, range);
  if (!data) return null;
  const steps = [
    { key: "views", label: t("Views"), count: data.views, share: data.views > 0 ? 100 : null, color: "blue" },
    { key: "starts", label: t("Starts"), count: data.starts, share: data.startRate, color: "cyan" },
    {
      key: "submissions",
      label: t("Submissions"),
      count: data.submissions,
      share: data.submitRate,
      color: "teal",
    },
  ];
  const empty = data.views === 0 && data.starts === 0 && data.submissions === 0;
  return (
    <Paper withBorder p="md" aria-label={t("Submit rate")} data-testid="submit-rate">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4">
            {t("Submit rate")}
          </Title>
          <Text size="xl" fw={700} data-testid="submit-rate-value">
            {percent(data.submitRate)}
          </Text>
        </Group>
        {empty ? (
          <Text c="dimmed">{t("Nobody has opened the form yet.")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {steps.map((step) => (
              <Stack key={step.key} gap={4} data-testid={`funnel-${step.key}`}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {step.label}
                </Text>
                <Text fw={700} size="lg">
                  {format.number(step.count)}
                </Text>
                <Progress
                  value={Math.min(100, step.share ?? 0)}
                  color={step.color}
                  aria-label={t("{{step}}: share of views", { step: step.label })}
                />
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {data.starts > data.views && (
          <Text size="sm" c="dimmed">
            {t(
              "Some fillings have no counted view: they were opened before views were counted, or sent through the API.",
            )}
          </Text>
        )}
        {!empty && (
          <Text size="sm" c="dimmed" data-testid="completion-rate">
            {t("Of the fillings begun, {{rate}} were sent.", { rate: percent(data.completionRate) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
