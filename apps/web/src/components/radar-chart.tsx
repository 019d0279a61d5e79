import type { RadarChartProps } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { lazy, Suspense } from "react";

/** The charting library, downloaded when a chart is first drawn (as bar-chart.tsx does). */
const Chart = lazy(() => import("./radar-chart-module.tsx"));

/**
 * Mantine's radar ("spider") chart, with a placeholder of its height while the library arrives.
 * Its shapes grow into place unless the person asked their system for less motion.
 */
export function RadarChart(props: RadarChartProps) {
  const still = useReducedMotion();
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 300} aria-hidden />}>
      <Chart {...props} {...(still ? { radarProps: { isAnimationActive: false } } : {})} />
    </Suspense>
  );
}
