import type { TPublicForm } from "@formloom/core/api/forms";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { useEffect, useRef } from "react";
import type { Recorder } from "./behavior.ts";

/**
 * Records the respondent's behaviour where the form collects it: focus and timing unasked, more
 * once they agreed (behavior.ts, loaded only then). Answers a function that adds each question's
 * answering time to the answers about to be sent.
 */
export function useBehavior(
  form: TPublicForm["form"],
  submissionKey: string,
  /** The behavioural consent as the recorder asks it (before-sending.tsx). */
  consent: () => string[] | undefined | null,
): (answers: TSubmissionAnswer[]) => TSubmissionAnswer[] {
  const recorder = useRef<Recorder | null>(null);
  const latest = useRef({ submissionKey, consent });
  latest.current = { submissionKey, consent };
  const { id, collectBehaviorData, collectRealCharacters } = form;

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
          consent: () => latest.current.consent(),
        });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      recorder.current?.stop();
      recorder.current = null;
    };
  }, [id, collectBehaviorData, collectRealCharacters]);

  return (answers) => recorder.current?.withTimes(answers) ?? answers;
}
