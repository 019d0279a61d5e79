import type { TElement } from "./element-schema.ts";
import { type DisplayMode, pageElements, splitPages } from "./form-pages.ts";
import type { TFormSettings } from "./form-schema.ts";

export type TimerSettings = Partial<
  Pick<TFormSettings, "hasTimer" | "allFormTime" | "perQuestionTime" | "formTimer" | "display">
>;

/** Which of the form's times ran out before it was sent: the whole form's, or the listed questions' steps'. */
export interface TimeUp {
  form?: boolean | undefined;
  fields?: readonly string[] | undefined;
}

/**
 * How far short of a limit the reported filling time may fall: the browser's clock and the one
 * the server trusts start a moment apart.
 */
export const TIME_UP_TOLERANCE_SECONDS = 2;

/**
 * How long after the form's time ran out, reckoned from when the server saw the filling begin,
 * its answers are still taken: the page sends them itself at zero, and a slow connection or a
 * retry takes a moment more. Later than that they are refused (`submission.time_over`).
 */
export const TIME_OVER_GRACE_SECONDS = 15;

/** Seconds for the whole form (formTimer, or the older allFormTime); 0 is no limit. */
export function formTimeLimit(settings: TimerSettings): number {
  if (!settings.hasTimer) return 0;
  return settings.formTimer?.formTimer || settings.allFormTime || 0;
}

/**
 * Seconds for one step (its elements, group members included): a timer element on it times it,
 * otherwise the settings' step time (stepTimer, or the older perQuestionTime) when the form is
 * shown in steps or pages; 0 is no limit.
 */
export function stepTimeLimit(settings: TimerSettings, page: readonly TElement[]): number {
  const element = page.find((field) => field.fieldType === "timer");
  if (element) return element.fieldSettings.seconds ?? 60;
  const steps = (settings.display ?? "all") !== "all";
  return settings.hasTimer && steps ? settings.formTimer?.stepTimer || settings.perQuestionTime || 0 : 0;
}

/**
 * Whether the form really had the limits a submission says ran out: the form's time, when it has
 * one and the reported filling time reached it; the questions' steps' time, when each listed
 * question stands on a timed step and at least that step's time has passed.
 */
export function timeUpAllowed(
  settings: TimerSettings,
  elements: readonly TElement[],
  timeUp: TimeUp,
  passingSeconds: number | null,
): boolean {
  const reached = (limit: number) =>
    passingSeconds !== null && passingSeconds >= limit - TIME_UP_TOLERANCE_SECONDS;
  if (timeUp.form) {
    const limit = formTimeLimit(settings);
    if (limit === 0 || !reached(limit)) return false;
  }
  if (timeUp.fields?.length) {
    const display: DisplayMode = settings.display ?? "all";
    const limits = new Map<string, number>();
    for (const page of splitPages(elements, display)) {
      const members = pageElements(page, elements);
      const limit = stepTimeLimit(settings, members);
      if (limit > 0) for (const member of members) limits.set(member.id, limit);
    }
    for (const id of timeUp.fields) {
      const limit = limits.get(id);
      if (limit === undefined || !reached(limit)) return false;
    }
  }
  return true;
}

/** Whether answers sent `elapsedSeconds` after the server saw the filling begin come too late for the form's time. */
export function timeOver(settings: TimerSettings, elapsedSeconds: number): boolean {
  const limit = formTimeLimit(settings);
  return limit > 0 && elapsedSeconds > limit + TIME_OVER_GRACE_SECONDS;
}
