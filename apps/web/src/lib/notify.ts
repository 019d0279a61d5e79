import { notifications } from "@mantine/notifications";
import { errorText } from "./error-text.ts";

/** Tells the user, in a red toast, why a call failed (the server's code, translated). */
export function notifyError(error: unknown): void {
  notifications.show({ color: "red", message: errorText(error) });
}
