import type { modals as Modals } from "@mantine/modals";
import { onDemand } from "./on-demand.ts";

export const modalsHost = onDemand();
let hostReady: () => void = () => {};
/** Settles once the dialogs' host listens: it opens a dialog asked for before it was drawn. */
export const modalsHostMounted = new Promise<void>((resolve) => {
  hostReady = resolve;
});
export const markModalsHostMounted = () => hostReady();

/** Mantine's confirmation dialog, its code downloaded with the first one asked for. */
export function openConfirmModal(props: Parameters<typeof Modals.openConfirmModal>[0]): void {
  modalsHost.want();
  void Promise.all([import("@mantine/modals"), modalsHostMounted]).then(([{ modals }]) =>
    modals.openConfirmModal(props),
  );
}
