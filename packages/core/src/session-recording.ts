import { type ConsentSettings, consentGiven } from "./consent.ts";

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
