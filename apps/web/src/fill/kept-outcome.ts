import type { TShownEnding } from "@formloom/core/ending-screens";
import type { TRespondentOutcome } from "@formloom/core/thank-you";
import { useMemo, useSyncExternalStore } from "react";

/**
 * The result and ending screen of the last submission in this tab, kept so the thank-you page
 * shows them from its first drawing and after a reload. Only this tab sees them (sessionStorage),
 * and they go with the next filling.
 */
const outcomeKey = (formId: number) => `formloom.outcome.${formId}`;
const endingKey = (formId: number) => `formloom.ending.${formId}`;

function keep(name: string, value: unknown): void {
  try {
    if (value) sessionStorage.setItem(name, JSON.stringify(value));
    else sessionStorage.removeItem(name);
  } catch {
    // Storage off or full: the thank-you page then shows the form's own texts after a reload, and
    // never what an earlier submission kept.
    try {
      sessionStorage.removeItem(name);
    } catch {
      // Storage off: nothing was kept either.
    }
  }
}

export function keepOutcome(formId: number, outcome: TRespondentOutcome | null): void {
  keep(outcomeKey(formId), outcome);
}

export function keepEnding(formId: number, ending: TShownEnding | null): void {
  keep(endingKey(formId), ending);
}

function stored(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

function parsed<T>(text: string | null, valid: (value: T) => boolean): T | null {
  try {
    const value = JSON.parse(text ?? "null") as T | null;
    return value && valid(value) ? value : null;
  } catch {
    return null;
  }
}

// Nothing else writes these while the thank-you page is shown, so there is nothing to listen to.
const unchanging = () => () => {};

/**
 * What this tab kept for the form. Read while the page is first drawn, so the respondent never
 * sees the form's own texts before the ending they reached; a page the server drew (which cannot
 * know the tab's storage) is taken over as drawn, then shows what was kept.
 */
export function useKept(formId: number): { outcome: TRespondentOutcome | null; ending: TShownEnding | null } {
  const outcomeText = useSyncExternalStore(
    unchanging,
    () => stored(outcomeKey(formId)),
    () => null,
  );
  const endingText = useSyncExternalStore(
    unchanging,
    () => stored(endingKey(formId)),
    () => null,
  );
  return useMemo(
    () => ({
      outcome: parsed<TRespondentOutcome>(
        outcomeText,
        (kept) => typeof kept.score === "number" && typeof kept.result?.view === "string",
      ),
      ending: parsed<TShownEnding>(
        endingText,
        (kept) => typeof kept.id === "string" && typeof kept.title === "string",
      ),
    }),
    [outcomeText, endingText],
  );
}
