import type { TEndingScreen, TShownEnding } from "./ending-screen-schema.ts";
import type { ResultOutcome } from "./scoring.ts";

// The schema lives apart, so the public form page, which only draws the chosen screen, carries no zod.
export type { TEndingCondition, TEndingScreen, TShownEnding } from "./ending-screen-schema.ts";

/** What the server knows of a sent form that can choose its ending. */
export interface EndingFacts {
  /** The quiz gradation the total fell in; null for none or a form that is not a graded quiz. */
  gradationId: string | null;
  /** Ids of the form's rules whose condition held on sending. */
  matchedRules: readonly string[];
}

/**
 * The ending screen a sent form shows: the first, in the author's order, whose condition holds;
 * null leaves the form's own thank-you page. The server chooses it; the page only draws it.
 */
export function chooseEnding(screens: readonly TEndingScreen[], facts: EndingFacts): TEndingScreen | null {
  const matched = new Set(facts.matchedRules);
  return (
    screens.find((screen) =>
      screen.when.kind === "gradation"
        ? facts.gradationId !== null && screen.when.gradationId === facts.gradationId
        : matched.has(screen.when.ruleId),
    ) ?? null
  );
}

/** What the respondent is sent of the chosen screen: its words and picture, not its condition. */
export function shownEnding(screen: TEndingScreen | null): TShownEnding | null {
  return screen ? { id: screen.id, title: screen.title, text: screen.text, picture: screen.picture } : null;
}

/**
 * The ending a sent form reached, as the respondent is sent it: from the result the server scored
 * (its gradation) and the rules whose condition held on sending.
 */
export function reachedEnding(
  screens: readonly TEndingScreen[],
  result: ResultOutcome | null | undefined,
  matchedRules: readonly string[],
): TShownEnding | null {
  if (screens.length === 0) return null;
  const gradationId = result?.view === "gradations" ? result.gradationId : null;
  return shownEnding(chooseEnding(screens, { gradationId, matchedRules }));
}
