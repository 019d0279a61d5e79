import { useMemo, useSyncExternalStore } from "react";

/**
 * Work not yet saved to the server, kept in this browser's local storage per user and per form
 * ("new" for a form being created), so a reload or a crash loses nothing. The sidebar reads the
 * list to mark unfinished form creation and editing.
 */
const PREFIX = "formloom.draft.";

export type DraftSlot = number | "new";

const keyOf = (userId: number, slot: DraftSlot) => `${PREFIX}${userId}.${slot}`;

/** What every stored draft carries besides its content: when it was kept and the form's title then. */
export interface Kept<T> {
  value: T;
  title: string;
  savedAt: number;
  /** The server copy's lastChangeDate the draft was made from (none for a new form). */
  basedOn?: string;
}

let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's writes count too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) changed();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const localDrafts = {
  read<T>(userId: number, slot: DraftSlot): Kept<T> | null {
    try {
      const text = localStorage.getItem(keyOf(userId, slot));
      const kept = text ? (JSON.parse(text) as Kept<T>) : null;
      return kept && typeof kept === "object" && "value" in kept ? kept : null;
    } catch {
      return null;
    }
  },
  write<T>(userId: number, slot: DraftSlot, kept: Kept<T>): void {
    try {
      localStorage.setItem(keyOf(userId, slot), JSON.stringify(kept));
    } catch {
      // A full or disabled storage only means no copy is kept; saving to the server still works.
      return;
    }
    changed();
  },
  remove(userId: number, slot: DraftSlot): void {
    const key = keyOf(userId, slot);
    if (localStorage.getItem(key) === null) return;
    localStorage.removeItem(key);
    changed();
  },
  /** The user's unfinished work, newest first. */
  list(userId: number): Array<{ slot: DraftSlot; title: string; savedAt: number }> {
    const own = `${PREFIX}${userId}.`;
    const found: Array<{ slot: DraftSlot; title: string; savedAt: number }> = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(own)) continue;
      const name = key.slice(own.length);
      const slot: DraftSlot = name === "new" ? "new" : Number(name);
      if (slot !== "new" && !Number.isInteger(slot)) continue;
      const kept = localDrafts.read(userId, slot);
      if (kept) found.push({ slot, title: kept.title, savedAt: kept.savedAt });
    }
    return found.sort((a, b) => b.savedAt - a.savedAt);
  },
};

/** The user's unfinished work, kept up to date as drafts are written, here or in another tab. */
export function useUnfinished(userId: number | undefined) {
  const seen = useSyncExternalStore(subscribe, () => version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` marks a change of the storage
  return useMemo(() => (userId === undefined ? [] : localDrafts.list(userId)), [userId, seen]);
}
