import type { TElement } from "./element-schema.ts";

/** How a question's answering time compares with the author's expected bounds. */
export type TimeAgainstExpected = "shorter" | "longer" | null;

/**
 * The author's "shortest" and "longest" time of a question (userBehaviorSettings) against the
 * seconds a respondent spent on it: the single result marks a time outside them.
 */
export function timeAgainstExpected(element: TElement, seconds: number): TimeAgainstExpected {
  const { minTime, maxTime } = element.userBehaviorSettings;
  if (minTime !== undefined && minTime > 0 && seconds < minTime) return "shorter";
  if (maxTime !== undefined && maxTime > 0 && seconds > maxTime) return "longer";
  return null;
}
