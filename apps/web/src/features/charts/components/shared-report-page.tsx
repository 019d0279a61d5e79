import { Alert, Badge, Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-text.ts";
import { useSharedReport } from "../api/get-charts.ts";
import { browserZone, type DateRange, defaultRange } from "../date-range.ts";
import { ChartsPanel } from "./charts-panel.tsx";
import { DateRangePicker } from "./date-range-picker.tsx";

const route = getRouteApi("/report/$token");

/**
 * A shared report, open to anyone with its link and signed out: the form's charts over a range of
 * the reader's choosing, in their browser's zone, with figures only.
 */
export function SharedReportPage() {
  const { t } = useTranslation();
  const { token } = route.useParams();
  const [range, setRange] = useState<DateRange>(() => defaultRange(browserZone()));
  const report = useSharedReport(token, range);
  const data = report.data;

  if (report.error) {
    const gone =
      report.error instanceof ApiError && (report.error.status === 404 || report.error.status === 400);
    return (
      <Container size="sm" py="xl">
        <Alert color={gone ? "gray" : "red"} role="alert" title={t("Shared report")}>
          {gone
            ? t("This link does not open a report: it was revoked or never existed.")
            : errorText(report.error)}
        </Alert>
      </Container>
    );
  }

  return (
    <Box bg="var(--mantine-color-body)" mih="100vh">
      <Container size="xl" py="lg">
        <Stack>
          <Stack gap={4}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} size="h2" data-testid="report-title" style={{ overflowWrap: "anywhere" }}>
                {data?.title ?? "…"}
              </Title>
              <Badge variant="light">{t("Shared report")}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t("Read-only figures of the form's submissions: totals only, never an answer or who sent it.")}
            </Text>
          </Stack>
          <DateRangePicker value={range} onChange={setRange} />
          <ChartsPanel
            data={
              data
                ? {
                    daily: data.daily,
                    time: data.time,
                    devices: data.devices,
                    countries: data.countries,
                    submitRate: data.submitRate,
                    submitRateDays: data.submitRateDays,
                    nps: data.nps,
                    summary: data.summary,
                  }
                : {}
            }
            general
            nps
            questions
          />
        </Stack>
      </Container>
    </Box>
  );
}
