import type { TEndingScreen, TShownEnding } from "./ending-screen-schema.ts";
import type { ResultOutcome } from "./scoring.ts";

// The schema lives apart, so the public form page, which only draws the chosen screen, carries no zod.
export type { TEndingCondition, TEndingScreen, TShownEnding } from "./ending-screen-schema.ts";

/**
 * The ending a sent form reached, as the respondent is sent it: the first screen, in the author's
 * order, whose condition holds (the gradation the scored result fell in, or a rule that held on
 * sending), with its words and picture but never its condition; null leaves the form's own
 * thank-you page. The server chooses it; the page only draws it.
 */
export function reachedEnding(
  screens: readonly TEndingScreen[],
  result: ResultOutcome | null | undefined,
  matchedRules: readonly string[],
): TShownEnding | null {
  const gradationId = result?.view === "gradations" ? result.gradationId : null;
  const matched = new Set(matchedRules);
  const screen = screens.find((candidate) =>
    candidate.when.kind === "gradation"
      ? gradationId !== null && candidate.when.gradationId === gradationId
      : matched.has(candidate.when.ruleId),
  );
  return screen ? { id: screen.id, title: screen.title, text: screen.text, picture: screen.picture } : null;
}
