import { useSyncExternalStore } from "react";

/**
 * A part of the app downloaded the first time it is used rather than with the first page
 * (toasts, confirmation dialogs): `want` marks it used, `useWanted` draws its host from then on.
 */
export function onDemand() {
  let wanted = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    want(): void {
      if (wanted) return;
      wanted = true;
      for (const listener of listeners) listener();
    },
    useWanted(): boolean {
      return useSyncExternalStore(subscribe, () => wanted);
    },
  };
}
