import type { TRespondentOutcome } from "@formloom/core/thank-you";

/**
 * The result of the last submission in this tab, kept so a reload of the thank-you page still
 * shows it. Only this tab sees it (sessionStorage), and it goes with the next filling.
 */
const key = (formId: number) => `formloom.outcome.${formId}`;

export function keepOutcome(formId: number, outcome: TRespondentOutcome | null): void {
  try {
    if (outcome) sessionStorage.setItem(key(formId), JSON.stringify(outcome));
    else sessionStorage.removeItem(key(formId));
  } catch {
    // Storage off or full: the thank-you page then shows without the result after a reload.
  }
}

export function keptOutcome(formId: number): TRespondentOutcome | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(formId)) ?? "null") as TRespondentOutcome | null;
    return kept && typeof kept.score === "number" && typeof kept.result?.view === "string" ? kept : null;
  } catch {
    return null;
  }
}
