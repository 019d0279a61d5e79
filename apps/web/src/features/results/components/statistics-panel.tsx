import { Stack } from "@mantine/core";
import { useFormCharts } from "../../charts/api/get-charts.ts";
import { ChartsPanel } from "../../charts/components/charts-panel.tsx";
import { DateRangePicker } from "../../charts/components/date-range-picker.tsx";
import { useDateRange } from "../../charts/use-date-range.ts";
import { PerformingQuestions } from "./performing-questions.tsx";
import { SubmitRateCard } from "./submit-rate-card.tsx";

/**
 * The results' statistics over a range of days: the submissions' charts, the NPS, each question's
 * chart, the submit rate and how each question performs, from the server's aggregates.
 */
export function StatisticsPanel({ formId, hasNps }: { formId: number; hasNps: boolean }) {
  const [range, setRange] = useDateRange();
  // A form without an NPS question has no NPS to ask for (the call would answer 400).
  const data = useFormCharts(formId, range, { general: true, nps: hasNps, questions: true });
  return (
    <Stack>
      <DateRangePicker value={range} onChange={setRange} />
      <ChartsPanel data={data} general nps questions />
      <SubmitRateCard formId={formId} range={range} />
      <PerformingQuestions formId={formId} range={range} />
    </Stack>
  );
}
