import type { TPublicForm } from "@formloom/core/api/forms";
import { offeredConsent } from "@formloom/core/consent";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { useEffect, useRef } from "react";
import type { Recorder } from "./behavior.ts";
import { storedToken } from "./stored-token.ts";

/**
 * Records the respondent's behaviour where the form collects it and, where it asks, they agreed
 * (behavior.ts, loaded only then). Answers a function that adds each question's answering time
 * to the answers about to be sent.
 */
export function useBehavior(
  form: TPublicForm["form"],
  submissionKey: string,
  /** What the submission says besides the answers, with the behavioural consent's ticked options. */
  choices: () => Readonly<Record<string, unknown>>,
): (answers: TSubmissionAnswer[]) => TSubmissionAnswer[] {
  const recorder = useRef<Recorder | null>(null);
  const latest = useRef({ submissionKey, choices });
  latest.current = { submissionKey, choices };
  const { id, collectBehaviorData, collectRealCharacters } = form;
  const asks = offeredConsent(form, "behavioral") !== null;

  useEffect(() => {
    if (!collectBehaviorData) return;
    let stopped = false;
    import("./behavior.ts")
      .then(({ startRecording }) => {
        const root = document.querySelector<HTMLElement>(".fill-page");
        if (stopped || !root) return;
        recorder.current = startRecording(root, {
          formId: id,
          realCharacters: collectRealCharacters,
          key: () => latest.current.submissionKey,
          consent: () => {
            if (!asks) return undefined;
            const ticked = latest.current.choices().behavioralConfirmOptions;
            return Array.isArray(ticked) && ticked.length > 0 ? (ticked as string[]) : null;
          },
          token: storedToken,
        });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      recorder.current?.stop();
      recorder.current = null;
    };
  }, [id, collectBehaviorData, collectRealCharacters, asks]);

  return (answers) => recorder.current?.withTimes(answers) ?? answers;
}
