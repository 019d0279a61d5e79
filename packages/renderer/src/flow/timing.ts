import type { TElement } from "@formloom/core/element-schema";
import type { TFormSettings } from "@formloom/core/form-schema";
import { useEffect, useState } from "react";

export type TimerSettings = Partial<
  Pick<TFormSettings, "hasTimer" | "allFormTime" | "perQuestionTime" | "formTimer" | "display">
>;

export interface TimeLimits {
  /** Seconds for the whole form and for the current step; 0 is no limit. */
  form: number;
  step: number;
  /** The settings' timers are shown, or run unseen. */
  shown: boolean;
  /** The page's timer element, drawn where the author placed it. */
  element: TElement | undefined;
}

/**
 * The limits in force on a page: the form's timer settings (formTimer, or the older
 * allFormTime/perQuestionTime), and a timer element on the page, which times its step.
 */
export function timeLimits(settings: TimerSettings, page: readonly TElement[]): TimeLimits {
  const on = settings.hasTimer ?? false;
  const element = page.find((field) => field.fieldType === "timer");
  const steps = (settings.display ?? "all") !== "all";
  const stepSetting = on && steps ? settings.formTimer?.stepTimer || settings.perQuestionTime || 0 : 0;
  return {
    form: on ? settings.formTimer?.formTimer || settings.allFormTime || 0 : 0,
    step: element ? (element.fieldSettings.seconds ?? 60) : stepSetting,
    shown: settings.formTimer?.showTimer === "show",
    element,
  };
}

/** The clock, read four times a second while something counts down. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
