import { CONSENT_FIELDS, consentGiven, consentProblems, offeredConsent } from "@formloom/core/consent";
import { cursorOutSendDue } from "@formloom/core/cursor-out";
import type { TFormSettings } from "@formloom/core/form-schema";
import type { TSubmission } from "@formloom/core/submission";
import type { TimeUp } from "@formloom/core/time-limits";
import { badRequest, invalidField } from "../../http/errors.ts";

/** What the respondent chose on the page beside the answers, as the server accepts it. */
export interface RespondentChoices {
  /** The times that ran out, with the whole form's when it sent itself on leaving too often. */
  timeUp: TimeUp | undefined;
  cursorOutCases: number;
  capturingConfirmOptions: string[] | null;
  behavioralConfirmOptions: string[] | null;
  /**
   * The respondent cancelled the behavioural pop-up: no answering times are kept. Unasked, the
   * times are kept, as the focus and blur they are measured from are.
   */
  behaviourRefused: boolean;
}

/**
 * Checks the consent choices and the cursor-out report of a submission against the form: options
 * only among those the form offers, and a form sent by itself on leaving only where the form does
 * that and the reported count passes its allowed amount.
 */
export function respondentChoices(settings: TFormSettings, body: TSubmission): RespondentChoices {
  const [problem] = consentProblems(settings, body);
  if (problem) throw invalidField("submission.consent_invalid", CONSENT_FIELDS[problem]);
  const cases = body.cursorOutCases ?? legacyCursorOutCases(body.miscData);
  if (body.sentOnCursorOut && !cursorOutSendDue(settings.cursorOutActions, cases))
    throw badRequest("submission.cursor_out_invalid");
  const chosen = (kind: "capturing" | "behavioral") => {
    const options = body[CONSENT_FIELDS[kind]];
    // A pop-up the form does not show has no choice to keep.
    return offeredConsent(settings, kind) && options ? [...options] : null;
  };
  return {
    // Sent by itself, the form goes in as it is: its questions may be empty although required.
    timeUp: body.sentOnCursorOut ? { ...body.timeUp, form: true } : body.timeUp,
    cursorOutCases: settings.cursorOutActions.countCases ? cases : 0,
    capturingConfirmOptions: chosen("capturing"),
    behavioralConfirmOptions: chosen("behavioral"),
    behaviourRefused:
      body.behavioralConfirmOptions !== undefined &&
      !consentGiven(settings, "behavioral", body.behavioralConfirmOptions),
  };
}

/** The count as earlier pages sent it, inside miscData. */
function legacyCursorOutCases(miscData: Record<string, unknown> | undefined): number {
  const cases = miscData?.cursorOutCases;
  return typeof cases === "number" && Number.isInteger(cases) && cases >= 0 ? cases : 0;
}
