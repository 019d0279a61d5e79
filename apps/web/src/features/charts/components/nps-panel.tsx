import { Stack } from "@mantine/core";
import { useFormCharts } from "../api/get-charts.ts";
import { useDateRange } from "../use-date-range.ts";
import { DateRangePicker } from "./date-range-picker.tsx";
import { NpsCharts } from "./nps-charts.tsx";
import "./charts.css";

/** The results' NPS view's charts: the score over time with its groups, and the scores given, over a range. */
export function NpsPanel({ formId }: { formId: number }) {
  const [range, setRange] = useDateRange();
  const data = useFormCharts(formId, range, { nps: true });
  return (
    <Stack gap="sm" data-testid="charts-panel">
      <DateRangePicker value={range} onChange={setRange} />
      <NpsCharts nps={data.nps} />
    </Stack>
  );
}
