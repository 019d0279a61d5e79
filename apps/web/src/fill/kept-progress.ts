import { canSaveLocally } from "@formloom/core/storage-limits";

/**
 * A filling kept on this device as it goes, one per form: the answers that may be kept (no
 * uploads, passwords or captcha), the page reached, and the key its submission will be sent
 * with, so a reload or a closed tab takes it up again where it was.
 */
export interface Progress {
  values: Record<string, unknown>;
  page: number;
  history: number[];
  submissionKey: string;
  savedAt: string;
}

const progressKey = (formId: number) => `formloom.progress.${formId}`;

/** What local storage holds, in bytes as it counts them (UTF-16). */
function bytesInUse(): number {
  let chars = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? "";
    chars += key.length + (localStorage.getItem(key)?.length ?? 0);
  }
  return chars * 2;
}

export function readProgress(formId: number): Progress | null {
  try {
    const text = localStorage.getItem(progressKey(formId));
    const kept = text ? (JSON.parse(text) as Progress) : null;
    if (!kept || typeof kept.submissionKey !== "string" || typeof kept.values !== "object") return null;
    return {
      ...kept,
      page: Number.isInteger(kept.page) && kept.page >= 0 ? kept.page : 0,
      history: Array.isArray(kept.history) ? kept.history.filter(Number.isInteger) : [],
    };
  } catch {
    return null;
  }
}

/** Keeps the filling within forms.md §5's local storage limits; false when it may not be kept. */
export function keepProgress(formId: number, progress: Progress): boolean {
  try {
    const key = progressKey(formId);
    const text = JSON.stringify(progress);
    const old = localStorage.getItem(key);
    if (!canSaveLocally((old?.length ?? 0) * 2, text.length * 2, bytesInUse())) return false;
    localStorage.setItem(key, text);
    return true;
  } catch {
    // Storage full or blocked (a third-party frame): the answers stay on the page only.
    return false;
  }
}

export function dropProgress(formId: number): void {
  try {
    localStorage.removeItem(progressKey(formId));
  } catch {
    // Nothing was kept.
  }
}
