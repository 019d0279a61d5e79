import type { RadarChartProps } from "@mantine/charts";
import { Box, Skeleton } from "@mantine/core";
import { useElementSize, useReducedMotion } from "@mantine/hooks";
import { lazy, Suspense } from "react";

/** The charting library, downloaded when a chart is first drawn (as bar-chart.tsx does). */
const Chart = lazy(() => import("./radar-chart-module.tsx"));

/** A generous width of one character of the axis labels (12 px type), in pixels. */
const LABEL_CHAR_PX = 7.5;
/** Between a label and the chart's edge, and between the web and its labels. */
const LABEL_GAP_PX = 14;

/**
 * The web's radius that leaves room for the longest axis label on either side and above and
 * below, so that no label runs past the chart's edge on a narrow screen, where Recharts' own
 * radius (80 % of the half width) cuts them off.
 */
function webRadius(width: number, height: number, labels: string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const sideRoom = longest * LABEL_CHAR_PX + LABEL_GAP_PX * 2;
  return Math.max(40, Math.min(width / 2 - sideRoom, height / 2 - LABEL_GAP_PX * 3));
}

/**
 * Mantine's radar ("spider") chart, with a placeholder of its height while the library arrives.
 * Its shapes grow into place unless the person asked their system for less motion.
 */
export function RadarChart(props: RadarChartProps) {
  const still = useReducedMotion();
  const { ref, width } = useElementSize();
  const height = typeof props.h === "number" ? props.h : 300;
  const labels = props.data.map((row) => String(row[props.dataKey] ?? ""));
  const placeholder = <Skeleton h={props.h ?? 300} aria-hidden />;
  return (
    <Box ref={ref}>
      <Suspense fallback={placeholder}>
        {width > 0 ? (
          <Chart
            {...props}
            radarChartProps={{ ...props.radarChartProps, outerRadius: webRadius(width, height, labels) }}
            {...(still ? { radarProps: { isAnimationActive: false } } : {})}
          />
        ) : (
          placeholder
        )}
      </Suspense>
    </Box>
  );
}
