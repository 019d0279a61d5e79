import { useEffect } from "react";
import { jsonBody, publicApi } from "./public-api.ts";

/** What counts as beginning a filling: a question getting the focus, typing in it, or pressing on it. */
const BEGINNINGS = ["focusin", "input", "pointerdown"] as const;

/**
 * Tells the server once per filling that the respondent began it (POST /api/forms/start), the first
 * time they touch a question, under the key the submission will be sent with: the submit rate's
 * starts. Sending the form again begins a new filling with a new key.
 */
export function useStartReport(formId: number, submissionKey: string): void {
  useEffect(() => {
    const root = document.querySelector<HTMLElement>(".fill-page");
    if (!root) return;
    const stop = () => {
      for (const type of BEGINNINGS) root.removeEventListener(type, begin, true);
    };
    function begin(event: Event) {
      if (!(event.target instanceof Element) || !event.target.closest("[data-field-id]")) return;
      stop();
      void publicApi(
        "/forms/start",
        jsonBody("POST", { formId, key: submissionKey }, { keepalive: true }),
      ).catch(() => {});
    }
    for (const type of BEGINNINGS) root.addEventListener(type, begin, true);
    return stop;
  }, [formId, submissionKey]);
}
