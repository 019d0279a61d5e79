import { canSaveLocally } from "@formloom/core/storage-limits";

/**
 * What a public page keeps on the device in local storage under one key (a filling kept as it
 * goes, a draft that could not be sent), within forms.md §5's local storage limits.
 */

/** What local storage holds, in bytes as it counts them (UTF-16). */
function bytesInUse(): number {
  let chars = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? "";
    chars += key.length + (localStorage.getItem(key)?.length ?? 0);
  }
  return chars * 2;
}

/** The JSON kept under the key; null when there is none, it does not parse, or storage is blocked. */
export function readKept(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps the value under the key within the limits; false when it may not be kept. */
export function keepLocally(key: string, value: unknown): boolean {
  try {
    const text = JSON.stringify(value);
    const old = localStorage.getItem(key);
    if (!canSaveLocally((old?.length ?? 0) * 2, text.length * 2, bytesInUse())) return false;
    localStorage.setItem(key, text);
    return true;
  } catch {
    // Storage full or blocked (a third-party frame): the answers stay on the page only.
    return false;
  }
}

export function dropKept(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
