import { type ConsentSettings, consentGiven, offeredConsent } from "./consent.ts";

/**
 * A filling's session recording (rrweb events, issue 30 "Session replay"), sent by the public page
 * in batches while the form is filled, once the respondent agreed to capturing.
 */
export const SESSION_RECORDING_LIMITS = {
  /** Bytes of one batch's JSON body: the first holds the whole page's snapshot. */
  batchBytes: 2 * 1024 * 1024,
  eventsPerBatch: 5000,
  maxBatchesPerFilling: 1000,
  /** Gzipped bytes one filling's recording may take in all. */
  fillingBytes: 4 * 1024 * 1024,
  /**
   * Bytes of JSON one filling's recording may take before gzip: repeated text gzips to almost
   * nothing, yet reading it back unpacks all of it.
   */
  fillingRawBytes: 20 * 1024 * 1024,
} as const;

/**
 * Whether the replay may show what was typed: only where the form keeps real characters and the
 * respondent agreed to behaviour collection, the consent that keeps them in the event log too.
 * Otherwise every field is masked; a password always is.
 */
export function replayShowsTyping(
  settings: ConsentSettings,
  behavioralChoice: readonly string[] | undefined | null,
): boolean {
  if (!settings.collectBehaviorData || !settings.collectRealCharacters) return false;
  if (behavioralChoice === null) return false;
  return consentGiven(settings, "behavioral", behavioralChoice);
}

/**
 * Whether the recording may keep pointer clicks and moves, scrolling and media played: only where
 * the form asks the behavioural consent and the respondent ticked it. Without it a session recording, like the behaviour log,
 * keeps of the respondent's actions no more than each question's focus and blur.
 */
export function replayRecordsPointer(
  settings: ConsentSettings,
  behavioralChoice: readonly string[] | undefined | null,
): boolean {
  if (!settings.collectBehaviorData || !offeredConsent(settings, "behavioral")) return false;
  return (behavioralChoice?.length ?? 0) > 0;
}

/**
 * rrweb's sources of the respondent's behaviour: pointer moves, scrolling, touch moves, media
 * played or paused, drags and selections; and its mouse interactions.
 */
const BEHAVIOUR_SOURCES: ReadonlySet<number> = new Set([1, 3, 6, 7, 12, 14]);
const MOUSE_INTERACTION = 2;
/** The interactions that are no pointer's: a field getting and losing the focus. */
const FOCUS_AND_BLUR: ReadonlySet<number> = new Set([5, 6]);
const INCREMENTAL_SNAPSHOT = 3;

/**
 * Whether an rrweb event records behaviour that only the behavioural consent lets a recording keep:
 * a click, a pointer move, a touch, a drag, a selection, scrolling, or the form's media played.
 */
export function isBehaviourEvent(event: { type: number; data?: unknown }): boolean {
  if (event.type !== INCREMENTAL_SNAPSHOT || typeof event.data !== "object" || event.data === null)
    return false;
  const { source, type } = event.data as { source?: unknown; type?: unknown };
  if (typeof source !== "number") return false;
  if (BEHAVIOUR_SOURCES.has(source)) return true;
  return source === MOUSE_INTERACTION && !(typeof type === "number" && FOCUS_AND_BLUR.has(type));
}
