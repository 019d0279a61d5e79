import { isBehaviourEvent, SESSION_RECORDING_LIMITS } from "@formloom/core/session-recording";
import { record } from "rrweb";
import { jsonBody, publicApi } from "./public-api.ts";

/**
 * Records the filling for replay with rrweb (issue 30 "Session replay"), started only once the
 * respondent agreed to capturing: nothing before that moment is kept. Every field's value is masked
 * unless `realCharacters`, and so is every copy the page draws of it; a password field's always
 * is. Sent in batches to POST /api/forms/answer/session-recording under the filling's key, every
 * few seconds, as the page is hidden, and before the answers are sent. Loaded only on forms that
 * record sessions.
 */
export interface SessionRecorderOptions {
  formId: number;
  /** The filling's submission key, which joins the recording to its submission. */
  key(): string;
  /** The capturing consent options the respondent ticked. */
  consent: string[];
  realCharacters: boolean;
  /**
   * The behavioural consent options the respondent ticked; with none, pointer clicks and moves,
   * scrolling and media played are not recorded, only each field's focus and blur.
   */
  behavioural: string[] | undefined;
  pointer: boolean;
}

export interface SessionRecorder {
  /** Sends what is recorded so far; resolves when it is stored (or failed). */
  flush(): Promise<void>;
  stop(): void;
}

const SEND_EVERY_MS = 5000;
/** A batch's JSON stays well under the server's limit; a bigger one is sent in parts. */
const BATCH_CHARS = Math.floor(SESSION_RECORDING_LIMITS.batchBytes * 0.8);

/** Elements that show a copy of what the respondent typed (the renderer marks them). */
const TYPED_COPIES = "[data-typed-copy]";

/** The most a keepalive request carries here, under the browsers' 64 KB. */
const KEEPALIVE_BYTES = 60 * 1024;

type RecordedEvent = { type: number; timestamp: number };

/** rrweb's mouse interactions kept without the behavioural consent: a field's focus and blur. */
const FOCUS_AND_BLUR_ONLY = {
  MouseUp: false,
  MouseDown: false,
  Click: false,
  ContextMenu: false,
  DblClick: false,
  Focus: true,
  Blur: true,
  TouchStart: false,
  TouchEnd: false,
  TouchCancel: false,
};

export function startSessionRecording(options: SessionRecorderOptions): SessionRecorder {
  let events: RecordedEvent[] = [];
  let seq = 0;
  let key = options.key();
  let sending: Promise<void> = Promise.resolve();
  let full = false;

  const send = (batch: RecordedEvent[], keepalive: boolean) => {
    if (seq > SESSION_RECORDING_LIMITS.maxBatchesPerFilling || full) return Promise.resolve();
    const body = {
      formId: options.formId,
      key,
      seq: seq++,
      capturingConfirmOptions: options.consent,
      ...(options.pointer && options.behavioural ? { behavioralConfirmOptions: options.behavioural } : {}),
      events: batch,
    };
    const request = jsonBody("POST", body);
    // A browser refuses a keepalive request past 64 KB (Chromium), which would lose the batch, so a
    // bigger one (the page's snapshot) goes as an ordinary request, which a hidden page still sends.
    request.keepalive = keepalive && new Blob([request.body as string]).size <= KEEPALIVE_BYTES;
    return publicApi("/forms/answer/session-recording", request)
      .then((response) => {
        // The filling's recording reached its size: the rest is not sent.
        if (response.status === 413) full = true;
      })
      .catch(() => {});
  };

  const flush = (keepalive = false): Promise<void> => {
    if (options.key() !== key) {
      // A new filling (the form shown again): its recording starts under its own key.
      key = options.key();
      seq = 0;
      full = false;
    }
    const taken = events;
    events = [];
    if (taken.length === 0) return sending;
    const batches: RecordedEvent[][] = [];
    let batch: RecordedEvent[] = [];
    let chars = 0;
    for (const event of taken) {
      const size = JSON.stringify(event).length;
      if (
        batch.length > 0 &&
        (chars + size > BATCH_CHARS || batch.length >= SESSION_RECORDING_LIMITS.eventsPerBatch)
      ) {
        batches.push(batch);
        batch = [];
        chars = 0;
      }
      batch.push(event);
      chars += size;
    }
    batches.push(batch);
    // In order, one after another: the first holds the page's snapshot.
    sending = batches.reduce((previous, next) => previous.then(() => send(next, keepalive)), sending);
    return sending;
  };

  const stopRecording = record<RecordedEvent>({
    emit: (event) => {
      // rrweb still reports a selection or a drag with its pointer listeners off, and has no switch
      // for scrolling or media played: without the behavioural consent they are left out here.
      if (options.pointer || !isBehaviourEvent(event)) events.push(event);
    },
    maskAllInputs: !options.realCharacters,
    // What the page draws from a typed value (a code answer's coloured copy) is masked with it.
    ...(options.realCharacters ? {} : { maskTextSelector: TYPED_COPIES }),
    maskInputOptions: { password: true },
    // No timing of the respondent's own canvas drawings or fonts: only what the form shows.
    recordCanvas: false,
    collectFonts: false,
    sampling: options.pointer
      ? { mousemove: 100, scroll: 150, input: "last" }
      : { mousemove: false, mouseInteraction: FOCUS_AND_BLUR_ONLY, scroll: 150, input: "last" },
  });
  const timer = window.setInterval(() => void flush(), SEND_EVERY_MS);
  const hidden = () => {
    if (document.visibilityState === "hidden") void flush(true);
  };
  document.addEventListener("visibilitychange", hidden);

  return {
    flush: () => flush(),
    stop() {
      stopRecording?.();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", hidden);
      void flush(true);
    },
  };
}
