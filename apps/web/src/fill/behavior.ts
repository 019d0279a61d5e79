import { BEHAVIOR_LIMITS, type BehaviorEvent, withoutConsent } from "@formloom/core/behavior";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { publicApi } from "./public-api.ts";

/**
 * Records how a respondent fills a form that collects behaviour (forms.md §3, §5): a question
 * getting and losing the focus and, once they agreed in the behavioural pop-up, typing (how many
 * characters, and the text only where the form collects real characters), pointer clicks and moves
 * sampled, the page hidden and shown. Where the form asks nothing, focus and blur only. Until the
 * respondent chose, what is recorded stays in the browser; cancelling throws it away. Sent in
 * batches to POST /api/forms/logger under the filling's submission key, every few seconds and as
 * the page is hidden; also measures each question's answering time. Loaded only for such forms.
 */

export interface RecorderOptions {
  formId: number;
  realCharacters: boolean;
  /** The filling's submission key, which joins its behaviour to its submission. */
  key(): string;
  /**
   * The behavioural consent: the ticked options, undefined where the form asks none, null while
   * the respondent has not chosen, empty once they cancelled.
   */
  consent(): string[] | undefined | null;
}

export interface Recorder {
  /** The answers with the seconds each question held the focus. */
  withTimes(answers: TSubmissionAnswer[]): TSubmissionAnswer[];
  stop(): void;
}

const SEND_EVERY_MS = 10_000;
const MOVE_EVERY_MS = 250;
/** Typing in one question within this time goes into one event. */
const TYPING_JOINS_MS = 1000;
const COORDINATE_MAX = 100_000;
/** Kept while the respondent has not chosen yet; more than a pop-up's wait can fill. */
const WAITING_MAX = BEHAVIOR_LIMITS.eventsPerBatch * 5;

const cancelled = (consent: string[] | undefined | null) => consent?.length === 0;

const clamp = (value: number, max: number) => Math.max(-max, Math.min(max, Math.round(value)));

const fieldOf = (target: EventTarget | null): string | undefined =>
  target instanceof Element
    ? (target.closest("[data-field-id]")?.getAttribute("data-field-id") ?? undefined)
    : undefined;

const textOf = (target: EventTarget | null): string | undefined =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && /^(text|email|tel|url|search|number)$/.test(target.type))
    ? target.value
    : undefined;

export function startRecording(root: HTMLElement, options: RecorderOptions): Recorder {
  const opened = performance.now();
  const at = () => Math.min(Math.round(performance.now() - opened), BEHAVIOR_LIMITS.maxAtMs);
  let events: BehaviorEvent[] = [];
  let key = options.key();
  let seq = 0;
  /** The question holding the focus, since when; and the milliseconds each has held it. */
  let current: { field: string; since: number } | null = null;
  const spent = new Map<string, number>();
  const lengths = new Map<string, number>();
  let lastMove = 0;

  /** Whether answering times go out: the respondent agreed, or was asked nothing. */
  const timed = () => {
    const consent = options.consent();
    return consent !== null && !cancelled(consent);
  };
  const push = (event: BehaviorEvent) => {
    const consent = options.consent();
    if (cancelled(consent)) {
      events = [];
      return;
    }
    const kept = consent === undefined ? withoutConsent([event]) : [event];
    if (consent === null && events.length >= WAITING_MAX) return;
    events.push(...kept);
    if (events.length >= BEHAVIOR_LIMITS.eventsPerBatch) send();
  };

  const leave = () => {
    if (!current) return;
    spent.set(current.field, (spent.get(current.field) ?? 0) + performance.now() - current.since);
    push({ type: "blur", at: at(), field: current.field });
    current = null;
  };

  const enter = (target: EventTarget | null) => {
    const field = fieldOf(target);
    if (!field || current?.field === field) return;
    leave();
    current = { field, since: performance.now() };
    push({ type: "focus", at: at(), field });
  };
  const onFocusIn = (event: FocusEvent) => enter(event.target);
  const onFocusOut = (event: FocusEvent) => {
    // Moving between the options of one question is not leaving it.
    if (current && fieldOf(event.relatedTarget) !== current.field) leave();
  };
  const onInput = (event: Event) => {
    const field = fieldOf(event.target);
    if (!field) return;
    const text = textOf(event.target);
    const length = text?.length ?? 0;
    const count = clamp(length - (lengths.get(field) ?? 0), COORDINATE_MAX);
    lengths.set(field, length);
    const typed =
      options.realCharacters && text !== undefined ? { text: text.slice(0, BEHAVIOR_LIMITS.textLength) } : {};
    const last = events.at(-1);
    if (last?.type === "input" && last.field === field && at() - last.at < TYPING_JOINS_MS) {
      last.count = clamp((last.count ?? 0) + count, COORDINATE_MAX);
      if (typed.text !== undefined) last.text = typed.text;
      return;
    }
    push({ type: "input", at: at(), field, count, ...typed });
  };
  const onClick = (event: MouseEvent) => {
    const field = fieldOf(event.target);
    push({
      type: "click",
      at: at(),
      x: clamp(event.pageX, COORDINATE_MAX),
      y: clamp(event.pageY, COORDINATE_MAX),
      ...(field ? { field } : {}),
    });
  };
  const onMove = (event: PointerEvent) => {
    const now = performance.now();
    if (now - lastMove < MOVE_EVERY_MS) return;
    lastMove = now;
    push({
      type: "move",
      at: at(),
      x: clamp(event.pageX, COORDINATE_MAX),
      y: clamp(event.pageY, COORDINATE_MAX),
    });
  };
  const onVisibility = () => {
    push({ type: document.visibilityState === "hidden" ? "hide" : "show", at: at() });
    if (document.visibilityState === "hidden") send();
  };

  /** Sends what was recorded, kept alive by the browser when the page goes away. */
  function send(): void {
    const now = options.key();
    if (now !== key) {
      // A new filling (the form was sent and shown again): its batches count from 0.
      key = now;
      seq = 0;
      spent.clear();
      lengths.clear();
    }
    const consent = options.consent();
    // Not chosen yet: kept in the browser until the respondent agrees or cancels.
    if (consent === null) return;
    if (cancelled(consent)) events = [];
    while (events.length > 0) post(consent, events.splice(0, BEHAVIOR_LIMITS.eventsPerBatch));
  }

  function post(consent: string[] | undefined, batch: BehaviorEvent[]): void {
    const body = JSON.stringify({
      formId: options.formId,
      key,
      seq: seq++,
      ...(consent ? { behavioralConfirmOptions: consent } : {}),
      events: batch,
    });
    if (body.length > BEHAVIOR_LIMITS.batchBytes) return;
    void publicApi("/forms/logger", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body,
    }).catch(() => {});
  }

  // The recorder loads after the page: a respondent quick to start is in a question already.
  if (root.contains(document.activeElement)) enter(document.activeElement);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("input", onInput);
  root.addEventListener("click", onClick);
  root.addEventListener("pointermove", onMove, { passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", send);
  const timer = window.setInterval(send, SEND_EVERY_MS);

  return {
    withTimes(answers) {
      if (current) {
        spent.set(current.field, (spent.get(current.field) ?? 0) + performance.now() - current.since);
        current.since = performance.now();
      }
      send();
      const times = timed() ? spent : new Map<string, number>();
      return answers.map((answer) => {
        const ms = times.get(answer.fieldId);
        return ms ? { ...answer, answeringTime: Math.round(ms / 100) / 10 } : answer;
      });
    },
    stop() {
      send();
      window.clearInterval(timer);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
      root.removeEventListener("input", onInput);
      root.removeEventListener("click", onClick);
      root.removeEventListener("pointermove", onMove);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", send);
    },
  };
}
