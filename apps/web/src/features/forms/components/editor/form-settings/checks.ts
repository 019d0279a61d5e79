import { MAX_RESPONSES_LIMIT } from "@formloom/core/closing";
import { isValidInterval } from "@formloom/core/interval";
import { isValidWebsite } from "@formloom/core/links";
import type { DraftSettings } from "../use-form-draft.ts";

/**
 * The checks the Settings tab makes before the server does, as message codes keyed by setting
 * path: the same rules the form's schema holds the saved settings to (forms.md §5).
 */
export function settingsIssues(settings: DraftSettings): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!isValidInterval(settings.nextSubmissionTime))
    issues.nextSubmissionTime = "form.next_submission_time.invalid";
  const limit = settings.maxResponses;
  if (typeof limit === "number" && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_RESPONSES_LIMIT))
    issues.maxResponses = "form.max_responses.invalid";
  const actions = settings.afterFormFillingActions;
  if (actions.submissionAction === "redirectToUrl") {
    if (!actions.customUrl.trim()) issues["afterFormFillingActions.customUrl"] = "form.custom_url.required";
    else if (!isValidWebsite(actions.customUrl))
      issues["afterFormFillingActions.customUrl"] = "form.custom_url.invalid";
  }
  if (settings.completionRules.link.trim() && !isValidCompletionLink(settings.completionRules.link))
    issues["completionRules.link"] = "form.completion_link.invalid";
  return issues;
}

/** A completion-rules link: a website, or a mailto: or tel: link. */
export function isValidCompletionLink(link: string): boolean {
  const trimmed = link.trim();
  return /^(mailto|tel):\S+$/i.test(trimmed) || isValidWebsite(trimmed);
}

/** Which group of the tab each setting sits in, so a group with a problem opens by itself. */
export const SECTION_OF: Record<string, string> = {
  title: "general",
  description: "general",
  type: "general",
  businessTask: "general",
  language: "general",
  isPublished: "general",
  formPathAlias: "general",
  tags: "general",
  questionsOutputting: "questions",
  questionsOrder: "questions",
  questionsNumbering: "questions",
  questionsNumberingTemplate: "questions",
  isRequiredFieldStarsShown: "questions",
  display: "questions",
  hasTimer: "timers",
  allFormTime: "timers",
  perQuestionTime: "timers",
  formTimer: "timers",
  hasAnonymousFilling: "access",
  hasCaptcha: "access",
  nextSubmissionTime: "access",
  nextSubmissionText: "access",
  closeAt: "access",
  maxResponses: "access",
  hasAnswerNotifications: "access",
  submitButtonDescription: "submission",
  textAfterButton: "submission",
  afterFormFillingActions: "submission",
  completionRules: "submission",
  collectBehaviorData: "data",
  collectRealCharacters: "data",
  hasVideoCapturing: "data",
  hasAudioCapturing: "data",
  hasVideoAudioQuestions: "data",
  hasSessionRecording: "data",
  capturingConfirmPopup: "data",
  behavioralConfirmPopup: "data",
  cursorOutActions: "cursor",
  formFiles: "files",
};

export const sectionOf = (path: string): string | undefined => SECTION_OF[path.split(".")[0] ?? ""];
