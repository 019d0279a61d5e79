import type { TPublicForm } from "@formloom/core/api/forms";
import { replayShowsTyping } from "@formloom/core/session-recording";
import { useEffect, useRef } from "react";
import type { SessionRecorder } from "./session-replay.ts";

/**
 * Records the filling for replay where the form records sessions, from the moment the respondent
 * ticked the capturing consent; nothing when they cancelled. The recorder (rrweb) is loaded only
 * then, so a form that records nothing never downloads it. Answers a function that sends what is
 * recorded so far, called before the answers go.
 */
export function useSessionReplay(
  form: TPublicForm["form"],
  submissionKey: string,
  /** The capturing consent: the ticked options, undefined until the respondent chose. */
  capturing: string[] | undefined,
  /** The behavioural consent: undefined where none is asked, null until the respondent chose. */
  behavioural: string[] | undefined | null,
): () => Promise<void> {
  const recorder = useRef<SessionRecorder | null>(null);
  const keyRef = useRef(submissionKey);
  keyRef.current = submissionKey;
  // Started once every pop-up is answered, so whether typing shows is known from the first event.
  const agreed = form.hasSessionRecording && (capturing?.length ?? 0) > 0 && behavioural !== null;
  const consent = agreed ? capturing?.join("\n") : undefined;
  const realCharacters = replayShowsTyping(form, behavioural);
  const formId = form.id;

  useEffect(() => {
    if (consent === undefined) return;
    let stopped = false;
    import("./session-replay.ts")
      .then(({ startSessionRecording }) => {
        if (stopped) return;
        recorder.current = startSessionRecording({
          formId,
          key: () => keyRef.current,
          consent: consent.split("\n"),
          realCharacters,
        });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      recorder.current?.stop();
      recorder.current = null;
    };
  }, [consent, realCharacters, formId]);

  return () => recorder.current?.flush() ?? Promise.resolve();
}
