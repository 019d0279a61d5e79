import type { TShownEnding } from "@formloom/core/ending-screens";
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

const endingKey = (formId: number) => `formloom.ending.${formId}`;

/** The ending screen the last submission in this tab reached, kept as its result is. */
export function keepEnding(formId: number, ending: TShownEnding | null): void {
  try {
    if (ending) sessionStorage.setItem(endingKey(formId), JSON.stringify(ending));
    else sessionStorage.removeItem(endingKey(formId));
  } catch {
    // Storage off or full: the thank-you page then shows the form's own texts after a reload.
  }
}

export function keptEnding(formId: number): TShownEnding | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(endingKey(formId)) ?? "null") as TShownEnding | null;
    return kept && typeof kept.id === "string" && typeof kept.title === "string" ? kept : null;
  } catch {
    return null;
  }
}
