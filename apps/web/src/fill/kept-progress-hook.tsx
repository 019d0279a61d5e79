import type { TPublicForm } from "@formloom/core/api/forms";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { splitPages } from "@formloom/core/form-pages";
import { keptAnswers } from "@formloom/core/partial-response";
import type { FormPosition, Translate } from "@formloom/renderer/form-renderer";
import { useCallback, useEffect, useRef, useState } from "react";
import { dropProgress, keepProgress, type Progress, readProgress } from "./kept-progress.ts";
import { readDraft } from "./offline-draft.ts";
import { jsonBody, publicApi } from "./public-api.ts";

/** How long the answers rest before they are kept on the device, and sent to the server. */
const LOCAL_DELAY_MS = 400;
const SERVER_DELAY_MS = 3000;

interface Options {
  submissionKey: string;
  /** Taking a kept filling up again sends it under the key it was kept with. */
  setSubmissionKey(key: string): void;
  renewSubmissionKey(): void;
  startTime: Date;
  /** Taking a kept filling up again keeps the time it was started; starting over starts now. */
  setStartTime(at: Date): void;
}

type Asking = { kind: "none" } | { kind: "pages"; kept: Progress } | { kind: "restored" };

/**
 * The filling kept as it goes: on this device always, on the server too where the author turned
 * on "save partial responses". Opened again, a form on pages asks whether to continue where the
 * respondent left off or start over; a one-page form takes its answers back at once.
 */
export function useKeptProgress(data: TPublicForm, translate: Translate, options: Options) {
  const form = data.form;
  const pages = splitPages(data.fields, form.display ?? "all").length;
  const [asking, setAsking] = useState<Asking>({ kind: "none" });
  const [round, setRound] = useState(0);
  const [start, setStart] = useState<{ values?: Record<string, unknown>; position?: FormPosition }>({});
  // Nothing is kept until what an earlier visit kept was read: the form's first draw would wipe it.
  const loaded = useRef(false);
  const values = useRef<Record<string, unknown>>({});
  const position = useRef<FormPosition & { stoppedAt: string | null }>({
    page: 0,
    history: [],
    stoppedAt: null,
  });
  const pinned = useRef<FormPosition | null>(null);
  const timers = useRef<{ local?: number; server?: number }>({});
  const latest = useRef(options);
  latest.current = options;

  const saveLocally = useCallback(() => {
    window.clearTimeout(timers.current.local);
    if (!loaded.current) return;
    const where = pinned.current ?? position.current;
    if (Object.keys(values.current).length === 0 && where.page === 0) return dropProgress(form.id);
    keepProgress(form.id, {
      values: values.current,
      page: where.page,
      history: where.history,
      stepStarts: where.stepStarts ?? {},
      submissionKey: latest.current.submissionKey,
      savedAt: new Date().toISOString(),
      startTime: latest.current.startTime.toISOString(),
    });
  }, [form.id]);

  const saveOnServer = useCallback(() => {
    window.clearTimeout(timers.current.server);
    if (!loaded.current || !form.savePartialResponses) return;
    const where = position.current;
    const answers = Object.entries(values.current).map(([fieldId, answer]) => ({ fieldId, answer }));
    if (answers.length === 0 && where.page === 0) return;
    const body = {
      formId: form.id,
      key: latest.current.submissionKey,
      answers,
      page: where.page,
      stoppedAt: where.stoppedAt,
      startTime: latest.current.startTime.toISOString(),
    };
    void publicApi("/forms/partial", jsonBody("PUT", body, { keepalive: true })).catch(() => {
      // Offline or refused: the device keeps the answers all the same.
    });
  }, [form.id, form.savePartialResponses]);

  useEffect(() => {
    // A draft kept while offline is taken up instead, by its own banner (before-sending.tsx).
    const kept = readDraft(form.id) ? null : readProgress(form.id);
    loaded.current = true;
    if (!kept || (Object.keys(kept.values).length === 0 && kept.page === 0)) return;
    latest.current.setSubmissionKey(kept.submissionKey);
    if (kept.startTime) latest.current.setStartTime(new Date(kept.startTime));
    values.current = kept.values;
    // The first page's time keeps counting from when it was first shown.
    setStart({ values: kept.values, position: { page: 0, history: [], stepStarts: kept.stepStarts } });
    setRound((n) => n + 1);
    if (pages > 1 && kept.page > 0) {
      pinned.current = { page: kept.page, history: kept.history, stepStarts: kept.stepStarts };
      setAsking({ kind: "pages", kept });
    } else setAsking({ kind: "restored" });
  }, [form.id, pages]);

  // A closed tab or a page put away: what is waiting is kept at once.
  useEffect(() => {
    const flush = () => {
      if (timers.current.local !== undefined) saveLocally();
      if (timers.current.server !== undefined) saveOnServer();
    };
    const hidden = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [saveLocally, saveOnServer]);

  const onValuesChange = useCallback(
    (now: Readonly<Record<string, unknown>>) => {
      if (!loaded.current) return;
      values.current = keptAnswers(data.fields, now);
      window.clearTimeout(timers.current.local);
      timers.current.local = window.setTimeout(saveLocally, LOCAL_DELAY_MS);
      if (!form.savePartialResponses) return;
      window.clearTimeout(timers.current.server);
      timers.current.server = window.setTimeout(saveOnServer, SERVER_DELAY_MS);
    },
    [data.fields, form.savePartialResponses, saveLocally, saveOnServer],
  );

  const onPositionChange = useCallback(
    (now: FormPosition & { stoppedAt: string | null }) => {
      if (!loaded.current) return;
      const moved = now.page !== position.current.page;
      position.current = now;
      if (!moved) return;
      // Moving on by themselves, they left the page kept before behind.
      pinned.current = null;
      saveLocally();
      saveOnServer();
    },
    [saveLocally, saveOnServer],
  );

  const resume = (kept: Progress) => {
    pinned.current = null;
    setStart({
      values: values.current,
      position: { page: kept.page, history: kept.history, stepStarts: kept.stepStarts },
    });
    setRound((n) => n + 1);
    setAsking({ kind: "none" });
  };

  const startOver = () => {
    window.clearTimeout(timers.current.local);
    window.clearTimeout(timers.current.server);
    pinned.current = null;
    values.current = {};
    position.current = { page: 0, history: [], stoppedAt: null };
    dropProgress(form.id);
    latest.current.renewSubmissionKey();
    latest.current.setStartTime(new Date());
    setStart({});
    setRound((n) => n + 1);
    setAsking({ kind: "none" });
  };

  return {
    /** Remounts the form with the answers (and page) taken up again, or empty. */
    rendererKey: round,
    initialValues: start.values,
    initialPosition: start.position,
    onValuesChange,
    onPositionChange,
    /** Sent: nothing is kept any more. */
    sent() {
      window.clearTimeout(timers.current.local);
      window.clearTimeout(timers.current.server);
      timers.current = {};
      values.current = {};
      pinned.current = null;
      dropProgress(form.id);
      setAsking({ kind: "none" });
    },
    element:
      asking.kind === "pages" ? (
        <section className="fill-banner fill-resume" aria-label={translate(RESPONDENT_TEXTS.resumeAsk)}>
          <p>{translate(RESPONDENT_TEXTS.resumeAsk)}</p>
          <div className="fill-resume-actions">
            <button type="button" className="fill-button" onClick={() => resume(asking.kept)}>
              {translate(RESPONDENT_TEXTS.resumeContinue)}
            </button>
            <button type="button" className="fill-button-secondary" onClick={startOver}>
              {translate(RESPONDENT_TEXTS.resumeStartOver)}
            </button>
          </div>
        </section>
      ) : asking.kind === "restored" ? (
        <div className="fill-banner" role="status">
          <p>{translate(RESPONDENT_TEXTS.draftRestored)}</p>
          <button type="button" className="fill-button-secondary" onClick={startOver}>
            {translate(RESPONDENT_TEXTS.resumeStartOver)}
          </button>
        </div>
      ) : null,
  };
}
