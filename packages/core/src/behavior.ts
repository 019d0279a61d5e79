/**
 * Behaviour data of a public form (forms.md §3, §5): what the respondent's browser records while a
 * form is filled and sends to POST /api/forms/logger in batches, and the per-question answering
 * time sent with the answers. Shared by the page that records it and the server that checks it;
 * no schema library here, so the page's small bundle can import it.
 */

/** What the page records: a question getting or losing the focus, typing, pointer clicks and moves, the page hidden or shown. */
export const BEHAVIOR_EVENT_TYPES = ["focus", "blur", "input", "click", "move", "hide", "show"] as const;
export type BehaviorEventType = (typeof BEHAVIOR_EVENT_TYPES)[number];

export interface BehaviorEvent {
  type: BehaviorEventType;
  /** Milliseconds since the page opened. */
  at: number;
  /** The question the event belongs to, when it belongs to one. */
  field?: string;
  /** Pointer position in CSS pixels of the page. */
  x?: number;
  y?: number;
  /** Typing: characters added (positive) or removed (negative) since the last event of the field. */
  count?: number;
  /** The field's typed text: sent only where the form collects real characters. */
  text?: string;
}

/** What is recorded of a respondent who has not agreed to more: a question getting and losing the focus. */
const UNASKED_TYPES: readonly BehaviorEventType[] = ["focus", "blur"];

/**
 * The events kept without the behavioural consent: each question's focus and blur, from which
 * its answering time is measured, and nothing of what was typed, clicked or pointed at.
 */
export function withoutConsent(events: readonly BehaviorEvent[]): BehaviorEvent[] {
  return events.flatMap(({ type, at, field }) =>
    UNASKED_TYPES.includes(type) && field !== undefined ? [{ type, at, field }] : [],
  );
}

/** One batch as the page sends it. */
export interface BehaviorBatch {
  formId: number;
  /** The filling's key: the Idempotency-Key its submission is sent with, which joins the two. */
  key: string;
  /** 0, 1, 2 … per filling, so a batch sent twice is stored once. */
  seq: number;
  /** The behavioural consent options the respondent ticked, where the form asks. */
  behavioralConfirmOptions?: string[];
  events: BehaviorEvent[];
}

export const BEHAVIOR_LIMITS = {
  eventsPerBatch: 200,
  /** Bytes of one batch's JSON body. */
  batchBytes: 32 * 1024,
  textLength: 500,
  /** One filling is recorded for a day at most. */
  maxAtMs: 86_400_000,
  maxBatchesPerFilling: 2000,
} as const;

/** Seconds of slack for clocks read at slightly different moments. */
const SLACK_SECONDS = 5;
/** Nobody spends longer than a week on one question. */
const MAX_ANSWERING_SECONDS = 7 * 86_400;

/**
 * The answers with only answering times that can be true: each within the whole filling's time and
 * all of them together too (one question has the focus at a time), and none where the form does
 * not collect behaviour. Times that cannot be true are left out rather than refused: a respondent
 * is never turned away over a measurement.
 */
export function plausibleAnsweringTimes<T extends { answeringTime?: number }>(
  answers: readonly T[],
  passingSeconds: number | null,
  collected = true,
): T[] {
  const limit = passingSeconds === null ? MAX_ANSWERING_SECONDS : passingSeconds + SLACK_SECONDS;
  const sum = answers.reduce((total, answer) => total + (answer.answeringTime ?? 0), 0);
  const trusted = collected && sum <= limit;
  return answers.map((answer) => {
    if (answer.answeringTime === undefined) return answer;
    if (trusted && answer.answeringTime <= limit) return answer;
    const { answeringTime: _dropped, ...rest } = answer;
    return rest as T;
  });
}
