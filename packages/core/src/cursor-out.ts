import type { TFormSettings } from "./form-schema.ts";

/**
 * Cursor-out actions (forms.md §3): the public page counts each time the respondent leaves the
 * form (the pointer leaves the page, the window loses focus, the tab is hidden — one departure is
 * one case however many of these it sets off), may warn them, subtracts points beyond the
 * allowed amount (core's scoring), and may send the form once the allowed amount is passed.
 */
export type CursorOutActions = TFormSettings["cursorOutActions"];

/** The most cases a submission may report; more is not a count a person makes. */
export const MAX_CURSOR_OUT_CASES = 10_000;

/** Whether this many cases make the form send itself. */
export function cursorOutSendDue(actions: CursorOutActions, cases: number): boolean {
  return actions.countCases && actions.sendForm && cases > actions.allowAmount;
}

/** Cases left before the form sends itself or points are taken; null when nothing follows leaving. */
export function cursorOutCasesLeft(actions: CursorOutActions, cases: number): number | null {
  if (!actions.countCases || (!actions.sendForm && actions.subtractFromResult <= 0)) return null;
  return Math.max(0, actions.allowAmount - cases);
}

/**
 * Folds page events into departures: `leave` starts one unless one is under way, `back` ends
 * it. Returns whether this event started a new departure.
 */
export function createDepartureCounter() {
  let away = false;
  let cases = 0;
  return {
    leave(): boolean {
      if (away) return false;
      away = true;
      cases++;
      return true;
    },
    back(): boolean {
      const was = away;
      away = false;
      return was;
    },
    get cases() {
      return cases;
    },
  };
}
