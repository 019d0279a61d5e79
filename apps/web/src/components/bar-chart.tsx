import type { BarChartProps } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { lazy, Suspense } from "react";

/** The charting library (a third of the results pages' code), downloaded when a chart is first drawn. */
const Chart = lazy(() => import("./bar-chart-module.tsx"));

/**
 * Mantine's bar chart, with a placeholder of its height while the library arrives. Its bars grow
 * into place unless the person asked their system for less motion.
 */
export function BarChart(props: BarChartProps) {
  const still = useReducedMotion();
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 300} aria-hidden />}>
      <Chart {...props} {...(still ? { barProps: { isAnimationActive: false } } : {})} />
    </Suspense>
  );
}
