import { DEFAULT_TEXTS, RESPONDENT_TEXTS, thankYouTitle } from "./defaults.ts";
import type { TShownEnding } from "./ending-screen-schema.ts";
import type { TFormSettings } from "./form-schema.ts";
import { isExternalLink, isValidWebsite, normalizeExternalLink } from "./links.ts";
import type { TRespondentOutcome } from "./respondent-outcome.ts";
import type { ScoreReport } from "./scoring.ts";
import { shownScore } from "./shown-score.ts";

// The schema lives apart, so the public form page, which shows the outcome, carries no zod.
export { type TRespondentOutcome, ZRespondentOutcome } from "./respondent-outcome.ts";

/** The respondent's share of a score report (or of a stored score and result). */
export function respondentOutcome(
  report: Pick<ScoreReport, "total" | "maxScore" | "result">,
): TRespondentOutcome {
  const { result } = report;
  const shown: TRespondentOutcome["result"] =
    result.view === "passed_failed"
      ? { view: "passed_failed", passed: result.passed, brief: result.brief, detailed: result.detailed }
      : result.view === "gradations"
        ? { view: "gradations", brief: result.brief, detailed: result.detailed }
        : {
            view: "categories",
            categories: result.categories.map(({ id, title, score, brief, detailed }) => ({
              id,
              title,
              score,
              brief,
              detailed,
            })),
          };
  return { score: report.total, maxScore: report.maxScore, result: shown };
}

/** A text in the form's language: an English respondent text or message code in, its translation out. */
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** An author's text left at its English default is said in the form's language. */
function authorText(text: string, englishDefault: string, translate: Translate): string {
  return !text || text === englishDefault ? translate(englishDefault) : text;
}

type AfterActions = Pick<
  TFormSettings,
  "title" | "afterFormFillingActions" | "completionRules" | "completionRulesLink"
>;

/** Where the browser goes after sending: a checked website link, or null for the thank-you page. */
export function redirectTarget(settings: Pick<TFormSettings, "afterFormFillingActions">): string | null {
  const { submissionAction, customUrl } = settings.afterFormFillingActions;
  if (submissionAction !== "redirectToUrl" || !isValidWebsite(customUrl)) return null;
  return normalizeExternalLink(customUrl);
}

/** Whether the form shows itself again, empty, after sending, instead of its thank-you page. */
export const showsFormAgain = (settings: Pick<TFormSettings, "afterFormFillingActions">): boolean =>
  settings.afterFormFillingActions.submissionAction === "showFormAgain";

/** The completion rules' link: a website, an e-mail address or a phone number; nothing else. */
function completionLink(link: string): string | null {
  const trimmed = link.trim();
  if (/^(mailto|tel):\S+$/i.test(trimmed) && isExternalLink(trimmed)) return trimmed;
  return isValidWebsite(trimmed) ? normalizeExternalLink(trimmed) : null;
}

export interface ThankYouView {
  /** Plain text: the title template with the form's title put in (to be escaped, never HTML). */
  title: string;
  /** The author's text, which may hold HTML: sanitise before drawing it. */
  textHtml: string;
  outcome: TRespondentOutcome | null;
  /** The ending screen's picture (an https address or one of this server's files); "" for none. */
  picture: string;
  /** The ending screen drawn instead of the form's own thank-you page, if one was reached. */
  endingId: string | null;
  /** "Passed"/"Failed" or the score line, in the form's language. */
  outcomeHeading: string | null;
  scoreLine: string | null;
  /** The form's completion rules, when shown: a message and a checked website link. */
  completion: { message: string; link: string | null; linkLabel: string } | null;
  againLabel: string;
}

/**
 * Turns a form and the respondent's outcome into what its thank-you page says, in the form's
 * language: the ending screen the server chose, where its title or text are set, before the
 * form's own thank-you texts. Shared by the page drawn in the browser and the one drawn on the server.
 */
export function thankYouView(
  settings: AfterActions,
  outcome: TRespondentOutcome | null,
  translate: Translate,
  ending: TShownEnding | null = null,
): ThankYouView {
  const actions = settings.afterFormFillingActions;
  const text = (value: string, english: string) => authorText(value, english, translate);
  const rules = settings.completionRules;
  const link = rules.link || settings.completionRulesLink;
  const result = outcome?.result;
  return {
    title: thankYouTitle(
      ending?.title || text(actions.thankYouPageTitle, DEFAULT_TEXTS.thankYouPageTitle),
      settings.title,
    ),
    textHtml: ending?.text || text(actions.thankYouPageText, DEFAULT_TEXTS.thankYouPageText),
    outcome,
    picture: ending?.picture ?? "",
    endingId: ending?.id ?? null,
    outcomeHeading:
      result?.view === "passed_failed"
        ? text(result.brief, result.passed ? "Passed" : "Failed") || null
        : result
          ? translate(RESPONDENT_TEXTS.yourResult)
          : null,
    scoreLine: outcome
      ? translate(RESPONDENT_TEXTS.scoreOf, {
          score: shownScore(outcome.score),
          max: shownScore(outcome.maxScore),
        })
      : null,
    completion:
      rules.show && (rules.message.trim() || link)
        ? {
            message: rules.message,
            link: completionLink(link),
            linkLabel: translate(RESPONDENT_TEXTS.completionLink),
          }
        : null,
    againLabel: text(actions.completeFormButton, DEFAULT_TEXTS.completeFormButton),
  };
}

/**
 * The result in one line, for a form that shows itself again after sending instead of its
 * thank-you page: "Your result: Explorer. Score: 2 of 4".
 */
export function outcomeLine(view: ThankYouView): string {
  const result = view.outcome?.result;
  if (!result) return "";
  const said =
    result.view === "passed_failed"
      ? view.outcomeHeading
      : result.view === "gradations"
        ? `${view.outcomeHeading}: ${result.brief}`
        : `${view.outcomeHeading}: ${result.categories.map((c) => `${c.title} — ${c.brief}`).join("; ")}`;
  return [said, view.scoreLine].filter(Boolean).join(". ");
}
