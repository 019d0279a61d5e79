import { lazy, Suspense } from "react";
import { modalsHost } from "../lib/confirm-modal.ts";
import { toastsHost } from "../lib/toasts.ts";

const Toasts = lazy(() => import("./toast-host-module.tsx"));
const Modals = lazy(() => import("./modals-host-module.tsx"));

/** Where toasts and confirmation dialogs appear, each downloaded with its first use. */
export function OnDemandHosts() {
  const toasts = toastsHost.useWanted();
  const modals = modalsHost.useWanted();
  return (
    <Suspense fallback={null}>
      {toasts && <Toasts />}
      {modals && <Modals />}
    </Suspense>
  );
}
