import type { TPublicForm } from "@formloom/core/api/forms";
import { CONSENT_KINDS, type ConsentKind, consentDefaults, offeredConsent } from "@formloom/core/consent";
import { DEFAULT_TEXTS, RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { authorText, type Translate } from "@formloom/renderer/form-renderer";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConsentDialog } from "./consent-dialog.tsx";
import { useCursorOut } from "./cursor-out.tsx";
import { type Draft, dropDraft, keepDraft, readDraft } from "./offline-draft.ts";
import { useSubmitAfter } from "./submit-after.ts";

interface Options {
  submissionKey: string;
  /** Sending a restored draft uses the key it was kept with; discarding it takes a new one. */
  setSubmissionKey(key: string): void;
  renewSubmissionKey(): void;
  /** When the filling began; a restored draft keeps the start it was kept with. */
  startTime: Date;
  setStartTime(at: Date): void;
  /** Sends answers kept while offline, when the connection is back. */
  resend(answers: TSubmissionAnswer[]): void;
}

/**
 * What the public page does around the respondent's answers before they are sent: the consent
 * pop-ups as it opens, the time before the form may be sent again, counting leaving the form,
 * and the draft kept on the device while there is no connection.
 */
export function useBeforeSending(data: TPublicForm, translate: Translate, options: Options) {
  const form = data.form;
  // Pop-ups, drafts and the wait are the browser's: drawn after the server-rendered page is taken over.
  const [mounted, setMounted] = useState(false);
  const [choices, setChoices] = useState<Partial<Record<ConsentKind, string[]>>>({});
  const offered = CONSENT_KINDS.filter((kind) => offeredConsent(form, kind));
  const asking = mounted ? offered.find((kind) => !choices[kind]) : undefined;
  const chosen = useRef(choices);
  chosen.current = choices;

  const [restored, setRestored] = useState<Draft | null>(null);
  const [draftRound, setDraftRound] = useState(0);
  const values = useRef<Record<string, unknown>>({});
  const draft = useRef<Draft | null>(null);
  const waiting = useRef<TSubmissionAnswer[] | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    setMounted(true);
    const kept = readDraft(form.id);
    if (!kept) return;
    draft.current = kept;
    setRestored(kept);
    setDraftRound(1);
    latest.current.setSubmissionKey(kept.submissionKey);
    const began = kept.startTime ? Date.parse(kept.startTime) : Number.NaN;
    if (began <= Date.now()) latest.current.setStartTime(new Date(began));
  }, [form.id]);

  // Back online: the answers whose sending was blocked go once, under the key kept with them.
  useEffect(() => {
    const online = () => {
      const answers = waiting.current;
      waiting.current = null;
      if (answers) latest.current.resend(answers);
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  const onValuesChange = useCallback(
    (now: Readonly<Record<string, unknown>>) => {
      values.current = { ...now };
      // A kept draft follows the answers as they are mended.
      if (draft.current) {
        draft.current = { ...draft.current, values: values.current };
        keepDraft(form.id, draft.current);
      }
    },
    [form.id],
  );

  const cursor = useCursorOut(form.cursorOutActions, translate, mounted && !asking);
  // Only a form with a time between submissions has anything to ask.
  const submitAfter = useSubmitAfter(form.id, mounted && form.nextSubmissionTime.trim() !== "");

  const discard = () => {
    dropDraft(form.id);
    draft.current = null;
    waiting.current = null;
    setRestored(null);
    setDraftRound((n) => n + 1);
    options.renewSubmissionKey();
  };

  const time = (at: Date) =>
    new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(at);

  return {
    /** Remounts the form with a restored draft's answers, or empty after discarding it. */
    rendererKey: draftRound,
    initialValues: restored?.values,
    onValuesChange,
    /** Raised when leaving the form too often sends it as it is. */
    sendNow: cursor.due ? 1 : 0,
    /**
     * The behavioural consent as the behaviour recorder asks it: the ticked options, undefined
     * where the form asks none, null until the respondent chose, empty once they cancelled.
     */
    behaviouralConsent: (): string[] | undefined | null => {
      if (!offered.includes("behavioral")) return undefined;
      return chosen.current.behavioral ?? null;
    },
    /** The capturing consent: the ticked options, undefined until the respondent chose or where none is asked. */
    capturingConsent: choices.capturing,
    /** The behavioural consent: undefined where the form asks none, null until the respondent chose. */
    behaviouralChoice: offered.includes("behavioral") ? (choices.behavioral ?? null) : undefined,
    /** What the submission says besides the answers. */
    fields: () => ({
      ...Object.fromEntries(offered.map((kind) => [`${kind}ConfirmOptions`, choices[kind] ?? []] as const)),
      ...(cursor.cases === undefined ? {} : { cursorOutCases: cursor.cases }),
      ...(cursor.due ? { sentOnCursorOut: true } : {}),
    }),
    /**
     * Sending was blocked for want of a connection: the answers are kept, and sent when it is
     * back. Returns what to tell the respondent.
     */
    offline(answers: TSubmissionAnswer[]): string {
      waiting.current = answers;
      draft.current = {
        values: values.current,
        answers,
        submissionKey: options.submissionKey,
        savedAt: new Date().toISOString(),
        startTime: options.startTime.toISOString(),
      };
      const said = translate("network.offline");
      return keepDraft(form.id, draft.current) ? `${said} ${translate(RESPONDENT_TEXTS.draftKept)}` : said;
    },
    /** Stored: nothing is kept any more. */
    sent() {
      dropDraft(form.id);
      draft.current = null;
      waiting.current = null;
      setRestored(null);
    },
    elements: (
      <>
        {submitAfter && (
          <div className="fill-banner" data-tone="wait" role="status">
            <p>
              {authorText(form.nextSubmissionText, DEFAULT_TEXTS.nextSubmissionText, translate)}{" "}
              {translate(RESPONDENT_TEXTS.waitUntil, { time: time(submitAfter) })}
            </p>
          </div>
        )}
        {restored && (
          <div className="fill-banner" role="status">
            <p>{translate(RESPONDENT_TEXTS.draftRestored)}</p>
            <button type="button" className="fill-button-secondary" onClick={discard}>
              {translate(RESPONDENT_TEXTS.draftDiscard)}
            </button>
          </div>
        )}
        {asking && (
          <ConsentDialog
            key={asking}
            popup={offeredConsent(form, asking)!}
            defaultHeader={consentDefaults(form, asking).header}
            translate={translate}
            onDone={(chosen) => setChoices((before) => ({ ...before, [asking]: chosen }))}
          />
        )}
        {cursor.dialog}
        {cursor.due && (
          <p className="fill-banner" data-tone="wait" role="alert">
            {translate(RESPONDENT_TEXTS.cursorOutSending)}
          </p>
        )}
      </>
    ),
  };
}
