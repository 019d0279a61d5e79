import type { TPublicForm } from "@formloom/core/api/forms";
import { offeredConsent } from "@formloom/core/consent";
import { useEffect, useRef, useState } from "react";
import type { Recorder } from "./recorders.ts";

/**
 * Records the filling where the form records the session or captures video or audio, from the
 * moment the respondent ticked the capturing consent and answered every other pop-up (so whether
 * the replay may show typing is known from its first event); nothing when they cancelled. The
 * recorders are downloaded only on such forms, while the pop-up is open (downloading records
 * nothing), so the recording begins at the yes itself; this part, which every form carries, stays
 * small. A new filling (the form shown again) is recorded anew under its own key. Answers a
 * function that sends what is recorded so far, called before the answers go.
 */
export function useRecorders(
  form: TPublicForm["form"],
  submissionKey: string,
  /** The capturing consent: the ticked options, undefined until the respondent chose. */
  capturing: string[] | undefined,
  /** The behavioural consent: undefined where none is asked, null until the respondent chose. */
  behavioural: string[] | undefined | null,
): () => Promise<void> {
  const recorder = useRef<Recorder>(undefined);
  // The settings as first drawn: the page may draw the same form anew as another object.
  const [settings] = useState(form);
  useEffect(() => {
    // The capturing pop-up is asked only where the form records something.
    if (offeredConsent(settings, "capturing"))
      import("./recorders.ts").then(({ preload }) => preload(settings)).catch(() => {});
  }, [settings]);

  useEffect(() => {
    if (!capturing?.length || behavioural === null) return;
    let stopped = false;
    let started: Recorder | undefined;
    import("./recorders.ts")
      .then(({ startRecorders }) => {
        if (!stopped)
          recorder.current = started = startRecorders(settings, submissionKey, capturing, behavioural);
      })
      .catch(() => {});
    return () => {
      stopped = true;
      started?.stop();
    };
  }, [capturing, behavioural, submissionKey, settings]);

  return () => recorder.current?.finish() ?? Promise.resolve();
}
