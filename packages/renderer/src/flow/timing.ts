import type { TElement } from "@formloom/core/element-schema";
import { formTimeLimit, stepTimeLimit, type TimerSettings, type TimeUp } from "@formloom/core/time-limits";
import { useEffect, useRef, useState } from "react";
import { secondsLeft } from "./clock.ts";

export type { TimerSettings };

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
  // The same limits the server holds a submission's "time ran out" to.
  return {
    form: formTimeLimit(settings),
    step: stepTimeLimit(settings, page),
    shown: settings.formTimer?.showTimer === "show",
    element: page.find((field) => field.fieldType === "timer"),
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

/**
 * The seconds left for the form and for the current step, counted in wall-clock time: the form's
 * from `startedAt`, or now (a filling taken up again keeps its start), the step's from
 * `step.start`, when it was first shown (page-flow.ts keeps it across a return and a reload). At
 * zero `onZero` is called once for the form and once per step; without `running` (the builder's
 * preview) nothing counts.
 */
export function useCountdowns(
  limits: TimeLimits,
  step: { index: number; start: number },
  running: boolean,
  onZero: (which: "form" | "step") => void,
  startedAt?: number,
): { formLeft: number; stepLeft: number } {
  const [formStart] = useState(() => startedAt ?? Date.now());
  const now = useNow(running && (limits.form > 0 || limits.step > 0));
  const formLeft = running ? secondsLeft(limits.form, formStart, now) : limits.form;
  const stepStart = step.start;
  const stepLeft = running ? secondsLeft(limits.step, stepStart, now) : limits.step;
  const expired = useRef(new Set<string>());
  useEffect(() => {
    if (!running) return;
    const key =
      limits.form > 0 && formLeft === 0
        ? "form"
        : limits.step > 0 && stepLeft === 0
          ? `step-${step.index}`
          : null;
    if (key === null || expired.current.has(key)) return;
    expired.current.add(key);
    onZero(key === "form" ? "form" : "step");
  });
  return { formLeft, stepLeft };
}

/** What ran out, as the submission says it: the form's time, and the questions of expired steps. */
export function timeUpOf(form: boolean, expiredQuestions: readonly TElement[]): TimeUp | undefined {
  const fields = expiredQuestions.map((field) => field.id);
  if (!form && fields.length === 0) return undefined;
  return { ...(form ? { form: true } : {}), ...(fields.length > 0 ? { fields } : {}) };
}
