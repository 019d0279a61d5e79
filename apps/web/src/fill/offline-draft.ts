import { canSaveLocally } from "@formloom/core/storage-limits";
import type { TSubmissionAnswer } from "@formloom/core/submission";

/**
 * Answers kept on this device when they could not be sent for want of a connection, one draft
 * per form: what the respondent entered, the answers as they were to be sent, and the
 * submission's key, so sending it later stores it once.
 */
export interface Draft {
  values: Record<string, unknown>;
  answers: TSubmissionAnswer[];
  submissionKey: string;
  savedAt: string;
}

const draftKey = (formId: number) => `formloom.draft.${formId}`;

/** What local storage holds, in bytes as it counts them (UTF-16). */
function bytesInUse(): number {
  let chars = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? "";
    chars += key.length + (localStorage.getItem(key)?.length ?? 0);
  }
  return chars * 2;
}

export function readDraft(formId: number): Draft | null {
  try {
    const text = localStorage.getItem(draftKey(formId));
    const draft = text ? (JSON.parse(text) as Draft) : null;
    return draft && typeof draft.submissionKey === "string" && draft.values ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the draft within forms.md §5's local storage limits; false when it may not be kept. */
export function keepDraft(formId: number, draft: Draft): boolean {
  try {
    const key = draftKey(formId);
    const text = JSON.stringify(draft);
    const old = localStorage.getItem(key);
    if (!canSaveLocally((old?.length ?? 0) * 2, text.length * 2, bytesInUse())) return false;
    localStorage.setItem(key, text);
    return true;
  } catch {
    // Storage full or blocked (a third-party frame): the answers stay on the page only.
    return false;
  }
}

export function dropDraft(formId: number): void {
  try {
    localStorage.removeItem(draftKey(formId));
  } catch {
    // Nothing was kept.
  }
}
