import { randomId } from "@mantine/hooks";
import type { NotificationData } from "@mantine/notifications";
import { onDemand } from "./on-demand.ts";

export const toastsHost = onDemand();
let library: Promise<typeof import("@mantine/notifications")> | undefined;

function load() {
  toastsHost.want();
  library ??= import("@mantine/notifications");
  return library;
}

/**
 * Mantine's notifications, downloaded with the first toast: most visits show none, and the first
 * page stays within its weight. `show` answers the toast's id at once, as Mantine's does.
 */
export const toasts = {
  show(data: NotificationData): string {
    const id = data.id ?? randomId();
    void load().then(({ notifications }) => notifications.show({ ...data, id }));
    return id;
  },
  hide(id: string): void {
    void load().then(({ notifications }) => notifications.hide(id));
  },
};
