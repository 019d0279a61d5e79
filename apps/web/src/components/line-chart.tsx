import type { LineChartProps } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { lazy, Suspense } from "react";

/** The charting library, downloaded when a chart is first drawn (as bar-chart.tsx does). */
const Chart = lazy(() => import("./line-chart-module.tsx"));

/**
 * Mantine's line chart, with a placeholder of its height while the library arrives. Its lines
 * draw themselves in unless the person asked their system for less motion.
 */
export function LineChart(props: LineChartProps) {
  const still = useReducedMotion();
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 300} aria-hidden />}>
      <Chart {...props} {...(still ? { lineProps: { isAnimationActive: false } } : {})} />
    </Suspense>
  );
}
